<?php
/**
 * Each shortcode is its block's twin: the same settings, with the same defaults, as the block's
 * block.json declares them, so a page built with shortcodes shows what one built with blocks shows.
 */
final class ShortcodeTest extends StudioDataTestCase {
	/** Shortcode tag => the block (folder) it stands for, and the block attributes it does not take. */
	private const TWINS = array(
		'studio_data_schedule'        => array( 'class-schedule', array( 'showFilters' ) ),
		'studio_data_events'          => array( 'events', array() ),
		'studio_data_instructors'     => array( 'instructors', array() ),
		'studio_data_private_lessons' => array( 'private-lessons', array() ),
		'studio_data_studio'          => array( 'studio-info', array() ),
		'studio_data_packages'        => array( 'packages', array() ),
		'studio_data_book_button'     => array( 'book-button', array( 'studioId' ) ),
		'studio_data_user_profile'    => array( 'user-profile', array() ),
	);

	/** The block's attributes and defaults from its source block.json in the repository's blocks/. */
	private function blockJsonDefaults( string $block ): array {
		$metadata = json_decode( (string) file_get_contents( dirname( __DIR__, 4 ) . '/blocks/' . $block . '/block.json' ), true );
		return array_map( static fn ( array $schema ) => $schema['default'] ?? null, $metadata['attributes'] );
	}

	/** The defaults a shortcode gives shortcode_atts(), as WordPress passes them to its filter. */
	private function shortcodeDefaults( string $tag ): array {
		$seen = array();
		$this->addHook(
			'shortcode_atts_' . $tag,
			static function ( $out, $pairs ) use ( &$seen ) {
				$seen = $pairs;
				return $out;
			},
			10,
			2
		);
		do_shortcode( '[' . $tag . ']' );
		return $seen;
	}

	public function test_every_shortcode_takes_its_blocks_settings_with_the_defaults_of_its_block_json(): void {
		foreach ( self::TWINS as $tag => [ $block, $not_taken ] ) {
			$defaults = $this->shortcodeDefaults( $tag );
			foreach ( array_diff_key( $this->blockJsonDefaults( $block ), array_flip( $not_taken ) ) as $attribute => $default ) {
				$name     = studio_data_arg_name( $attribute );
				$expected = is_bool( $default ) ? ( $default ? 'true' : 'false' ) : ( is_array( $default ) ? implode( ',', $default ) : (string) $default );
				$this->assertArrayHasKey( $name, $defaults, "[$tag] takes $block's $attribute" );
				$this->assertSame( $expected, $defaults[ $name ], "[$tag] $name defaults to $block's block.json default" );
			}
		}
	}

	public function test_the_events_shortcode_and_block_show_the_same_weeks_by_default(): void {
		$this->assertSame( 2, $this->blockJsonDefaults( 'events' )['weeks'] );
		$this->assertSame( '2', $this->shortcodeDefaults( 'studio_data_events' )['weeks'] );
	}

	public function test_a_shortcode_without_settings_shows_what_its_block_with_its_defaults_shows(): void {
		$pages = array(
			'studio_data_schedule'        => array( '', '' ),
			'studio_data_events'          => array( '', '' ),
			'studio_data_instructors'     => array( '', '' ),
			'studio_data_private_lessons' => array( '', '' ),
			'studio_data_studio'          => array( '', '' ),
			'studio_data_packages'        => array( '', '' ),
			'studio_data_book_button'     => array( ' target="wp-live-carmen"', ' {"target":"wp-live-carmen"}' ),
			'studio_data_user_profile'    => array( ' user="mad-ana"', ' {"userId":"mad-ana"}' ),
		);
		foreach ( $pages as $tag => [ $shortcode_settings, $block_settings ] ) {
			// Each on a page of its own: on one page, the second of a kind would be numbered "(2)".
			unset( $GLOBALS['studio_data_blocks_rendered'] );
			$shortcode = do_shortcode( '[' . $tag . $shortcode_settings . ']' );
			unset( $GLOBALS['studio_data_blocks_rendered'] );
			$block     = do_blocks( '<!-- wp:studio-data/' . self::TWINS[ $tag ][0] . $block_settings . ' /-->' );
			$this->assertStringContainsString( 'studio-data', $shortcode, "[$tag] renders" );
			// (Not assertStringContainsString: its failure would print both pages.)
			$this->assertTrue( str_contains( $block, $shortcode ), "[$tag] shows what its block shows" );
		}
	}
}
