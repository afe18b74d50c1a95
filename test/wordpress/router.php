<?php
/**
 * Router for PHP's built-in server: existing files (static or PHP) and folders are served as they are;
 * everything else goes to WordPress's index.php, so pretty permalinks and /wp-json/ work.
 */
$studio_data_path = urldecode( (string) parse_url( $_SERVER['REQUEST_URI'], PHP_URL_PATH ) );
$studio_data_file = $_SERVER['DOCUMENT_ROOT'] . $studio_data_path;
if ( '/' !== $studio_data_path && ( is_file( $studio_data_file ) || is_file( rtrim( $studio_data_file, '/' ) . '/index.php' ) ) ) {
	return false;
}
$_SERVER['SCRIPT_NAME']     = '/index.php';
$_SERVER['PHP_SELF']        = '/index.php';
$_SERVER['SCRIPT_FILENAME'] = $_SERVER['DOCUMENT_ROOT'] . '/index.php';
require $_SERVER['DOCUMENT_ROOT'] . '/index.php';
