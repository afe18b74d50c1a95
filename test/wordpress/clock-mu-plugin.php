<?php
/**
 * Holds the plugin's calendar at the test's instant: the harness defines STUDIO_DATA_TEST_NOW (a
 * Unix time) in each site's settings file, and the Studio Data server of the same test runs on the
 * same instant, so a suite that runs across midnight still sees one day. Copied into the cached
 * trees' mu-plugins by the harness; never part of the plugin.
 */
if ( defined( 'STUDIO_DATA_TEST_NOW' ) ) {
	add_filter( 'studio_data_now', static fn (): int => (int) STUDIO_DATA_TEST_NOW );
}
