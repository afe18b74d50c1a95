<?php
/**
 * Runs a PHP file inside a test site: php wp-eval.php TREE FILE (STUDIO_DATA_WP_CONFIG set).
 * What the file prints is the answer.
 */
require $argv[1] . '/wp-load.php';
require $argv[2];
