<?php
// The client is plain PHP: no WordPress here, only the plugin's autoloader.
error_reporting( E_ALL );
require dirname( __DIR__, 4 ) . '/plugin/includes/client/autoload.php';
require __DIR__ . '/RecordingTransport.php';
