<?php
/**
 * Builds the installable plugin zip: studio-data/ with the plugin's PHP, assets, translations and
 * built blocks, and nothing else (no tests, tools or developer docs).
 * Usage: php plugin/bin/make-zip.php [OUTPUT.zip]  (default: dist/studio-data.zip)
 * `npm run plugin-zip` builds the blocks first.
 */
$plugin = dirname( __DIR__ );
$output = $argv[1] ?? dirname( $plugin ) . '/dist/studio-data.zip';

/** What ships: files at the top, and whole folders. */
const SHIPPED_FILES   = array( 'studio-data.php', 'uninstall.php', 'readme.txt' );
const SHIPPED_FOLDERS = array( 'includes', 'assets', 'languages', 'build' );

if ( is_dir( dirname( $plugin ) . '/blocks' ) && glob( dirname( $plugin ) . '/blocks/*/block.json' ) && ! is_dir( $plugin . '/build' ) ) {
	fwrite( STDERR, "The blocks are not built (plugin/build/ is missing): run npm run build:blocks first.\n" );
	exit( 1 );
}

$files = array();
foreach ( SHIPPED_FILES as $file ) {
	$files[] = $file;
}
foreach ( SHIPPED_FOLDERS as $folder ) {
	if ( ! is_dir( "$plugin/$folder" ) ) {
		continue;
	}
	$iterator = new RecursiveIteratorIterator( new RecursiveDirectoryIterator( "$plugin/$folder", FilesystemIterator::SKIP_DOTS ) );
	foreach ( $iterator as $entry ) {
		$relative = substr( $entry->getPathname(), strlen( $plugin ) + 1 );
		// Dotfiles (.DS_Store, .gitkeep) and source maps are not part of a release.
		if ( $entry->isFile() && ! preg_match( '#(^|/)\.|\.map$#', $relative ) ) {
			$files[] = $relative;
		}
	}
}
sort( $files );

if ( ! is_dir( dirname( $output ) ) ) {
	mkdir( dirname( $output ), 0777, true );
}
if ( is_file( $output ) ) {
	unlink( $output );
}
$zip = new ZipArchive();
if ( true !== $zip->open( $output, ZipArchive::CREATE ) ) {
	fwrite( STDERR, "Cannot write $output\n" );
	exit( 1 );
}
foreach ( $files as $relative ) {
	$zip->addFile( "$plugin/$relative", "studio-data/$relative" );
}
$zip->close();
printf( "%s: %d files\n", $output, count( $files ) );
