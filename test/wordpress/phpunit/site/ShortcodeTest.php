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

	public function test_a_shortcode_keeps_what_its_block_json_takes_and_tells_editors_what_it_left_out(): void {
		$shortcode = '[studio_data_schedule studio="' . $this->madridStudio() . '" from="2026-03-23" show_past="true" days="lunes,Saturday" layout="Grid" kind="class"]';
		$visitor   = do_shortcode( $shortcode );
		// "lunes" left out, "Saturday" read as saturday: Saturday's classes only, as a timetable.
		$this->assertStringContainsString( 'WCS Intensive', $visitor );
		$this->assertStringNotContainsString( 'Salsa Beginners', $visitor );
		$this->assertStringContainsString( 'studio-data--grid', $visitor );
		$this->assertStringNotContainsString( 'Shown to editors only', $visitor );

		wp_set_current_user( $this->userWithRole( 'editor' ) );
		$editor = do_shortcode( $shortcode );
		$this->assertStringContainsString( 'Shown to editors only:', $editor );
		$this->assertStringContainsString( 'days=&quot;lunes,Saturday&quot;: lunes left out; it takes monday, tuesday, wednesday, thursday, friday, saturday, sunday.', $editor );
		$this->assertStringContainsString( '“kind” is not one of its attributes (studio, locale, heading_level, dance_types,', $editor );
		$this->assertStringNotContainsString( 'layout=', $editor );
		$this->assertStringContainsString( 'WCS Intensive', $editor );
	}

	public function test_a_number_outside_its_block_json_bounds_is_left_out_and_the_instructors_take_up_to_six_columns(): void {
		$this->assertStringContainsString( 'studio-data--columns-6', do_shortcode( '[studio_data_instructors studio="' . $this->madridStudio() . '" columns="6"]' ) );
		$this->assertStringContainsString( 'studio-data--columns-6', do_blocks( '<!-- wp:studio-data/instructors {"studioId":"' . $this->madridStudio() . '","columns":6} /-->' ) );
		wp_set_current_user( $this->userWithRole( 'editor' ) );
		$too_many = do_shortcode( '[studio_data_instructors studio="' . $this->madridStudio() . '" columns="9"]' );
		$this->assertStringContainsString( 'columns=&quot;9&quot;: expected a number from 1 to 6.', $too_many );
		$this->assertStringContainsString( 'studio-data--columns-3', $too_many );
	}

	public function test_a_dance_type_the_studio_does_not_have_is_named_to_editors(): void {
		$shortcode = '[studio_data_schedule studio="' . $this->madridStudio() . '" from="2026-03-23" show_past="true" dance_types="Tango,salsa"]';
		$visitor   = do_shortcode( $shortcode );
		$this->assertStringContainsString( 'Salsa Beginners', $visitor );
		$this->assertStringNotContainsString( 'Tango', $visitor );
		wp_set_current_user( $this->userWithRole( 'editor' ) );
		$editor = do_shortcode( $shortcode );
		$this->assertStringContainsString( 'The studio has no dance type named Tango, so no class matches it. Its dance types: Salsa, West Coast Swing, Bachata', $editor );
		$next = do_blocks( '<!-- wp:studio-data/next-classes {"studioId":"' . $this->madridStudio() . '","danceTypes":["Tango"]} /-->' );
		$this->assertStringContainsString( 'no dance type named Tango', $next );
	}
}
