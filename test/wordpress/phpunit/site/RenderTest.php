<?php
/**
 * The shared renderers (used by the shortcodes and the blocks) on the fixture studios. The Madrid
 * fixture's classes lie in March 2026, so these tests name that week and show past classes.
 */
final class RenderTest extends StudioDataTestCase {
	private function checkout(): string {
		return studio_data_get_settings()['checkout_base_url'];
	}

	public function test_the_schedule_lists_the_weeks_classes_by_day_with_booking_links(): void {
		$html = studio_data_render_schedule( array( 'studio' => $this->madridStudio(), 'from' => '2026-03-23', 'show_past' => true ) );

		$this->assertStringContainsString( 'Salsa Beginners', $html );
		$this->assertStringContainsString( 'WCS Intensive', $html );
		$this->assertStringContainsString( 'Already started', $html, 'past classes say so and offer no booking' );
		$this->assertStringNotContainsString( '/book/', $html );
		$this->assertStringContainsString( '<time datetime="2026-03-23T18:00:00.000Z">19:00</time>', $html, 'Madrid time (UTC+1), named' );
		$this->assertStringContainsString( 'time zone (Europe/Madrid)', $html );
		$this->assertStringContainsString( '<time datetime="2026-03-23">Monday 23 March</time>', $html, 'a day of the week shown (named above it) needs no year' );
		$this->assertStringNotContainsString( 'Teacher Training', $html, 'hidden dance types stay hidden' );
	}

	public function test_on_the_week_clocks_go_forward_a_class_is_listed_on_its_local_day_at_the_time_the_clock_reads(): void {
		// Madrid springs forward on Sunday 2026-03-29: "02:30" does not exist and becomes 03:30 (UTC+2).
		$html = studio_data_render_schedule( array( 'studio' => $this->madridStudio(), 'from' => '2026-03-23', 'show_past' => true, 'days' => 'sunday' ) );
		$this->assertStringContainsString( '<time datetime="2026-03-29">Sunday 29 March</time>', $html );
		$this->assertStringContainsString( '<time datetime="2026-03-29T01:30:00.000Z">03:30</time>', $html );
		$this->assertSame( array( 'Late Practice' ), $this->names( $html ) );

		// The week after: Monday's 19:00 class is now 17:00 UTC (summer time), still on Monday.
		$next = studio_data_render_schedule( array( 'studio' => $this->madridStudio(), 'from' => '2026-03-30', 'show_past' => true, 'days' => 'monday' ) );
		$this->assertStringContainsString( '<time datetime="2026-03-30T17:00:00.000Z">19:00</time>', $next );
		$this->assertStringContainsString( 'Monday 30 March', $next );
	}

	public function test_the_schedule_filters_by_dance_type_level_instructor_and_day(): void {
		$args = array( 'studio' => $this->madridStudio(), 'from' => '2026-03-23', 'show_past' => true );
		$this->assertSame( array( 'Late Practice' ), $this->names( studio_data_render_schedule( $args + array( 'dance_types' => array( 'bachata' ) ) ) ) );
		$this->assertSame( array( 'WCS Intensive' ), $this->names( studio_data_render_schedule( $args + array( 'levels' => 'Advanced' ) ) ) );
		$this->assertSame( array( 'Salsa Beginners' ), $this->names( studio_data_render_schedule( $args + array( 'instructors' => array( 'mad-ana' ) ) ) ) );
		$this->assertSame( array( 'WCS Intensive', 'WCS Intensive' ), $this->names( studio_data_render_schedule( $args + array( 'days' => array( 'saturday' ) ) ) ) );
	}

	public function test_past_classes_are_left_out_unless_asked_for(): void {
		$html = studio_data_render_schedule( array( 'studio' => $this->madridStudio(), 'from' => '2026-03-23' ) );
		$this->assertStringContainsString( 'No classes in this week.', $html );
	}

	public function test_this_weeks_classes_of_a_live_studio_are_bookable(): void {
		$html = studio_data_render_schedule( array( 'studio' => $this->liveStudio(), 'layout' => 'grid' ) );
		$this->assertStringContainsString( 'studio-data--grid', $html );
		$this->assertStringContainsString( 'Salsa Every Night', $html );
		$this->assertMatchesRegularExpression( '#href="' . preg_quote( $this->checkout(), '#' ) . '/book/wp-live-salsa-[a-z]+-\d{8}\?lang=en"#', $html );
		$this->assertStringContainsString( '20 spots left', $html );
	}

	public function test_a_block_naming_a_studio_id_that_is_not_one_shows_no_other_studios_data_and_tells_editors(): void {
		// "salsa city" (a space): not the settings' studio in its place, as before.
		$args = array( 'studio' => 'salsa city', 'from' => '2026-03-23', 'show_past' => true );
		$html = studio_data_render_schedule( $args );
		$this->assertStringContainsString( 'This information is not available right now.', $html );
		$this->assertStringNotContainsString( 'studio-data-class', $html );
		wp_set_current_user( $this->userWithRole( 'editor' ) );
		$this->assertStringContainsString( 'does not know this studio ID', studio_data_render_schedule( $args ) );
	}

	public function test_a_price_has_as_many_decimals_as_its_currency_where_php_has_no_intl_to_format_it(): void {
		// WordPress does not require intl: without it, prices are the amount and the code, with the currency's own decimals.
		$this->assertSame( array( 0, 0, 2, 2, 3 ), array_map( 'studio_data_currency_decimals', array( 'JPY', 'KRW', 'EUR', 'AUD', 'KWD' ) ) );
		$this->assertSame( '￥2,500', studio_data_format_price( 2500, 'JPY', 'ja_JP' ) );
	}

	public function test_a_full_class_whose_waitlist_is_open_links_to_it_and_a_free_one_says_free(): void {
		$view = studio_data_occurrence_view( 'class', array( 'timezone' => 'Europe/Madrid', 'defaultCurrency' => 'EUR' ), studio_data_render_context( array() ), array() );
		$class = array(
			'id'           => 'wl-salsa-20991207',
			'name'         => 'Salsa Beginners',
			'date'         => '2099-12-07T18:00:00.000Z',
			'startTime'    => '19:00',
			'endTime'      => '20:00',
			'price'        => 0,
			'spotsLeft'    => 0,
			'waitlistOpen' => true,
		);
		$html = studio_data_render_occurrence( $class, 'Monday 7 December', $view );
		$this->assertStringContainsString( '<p class="studio-data-item__status">Full</p>', $html );
		$this->assertStringContainsString( '<p class="studio-data-item__price">Free</p>', $html, 'nothing to pay, in words, as the booking page says it' );
		$this->assertMatchesRegularExpression( '#<a class="studio-data-button" href="' . preg_quote( $this->checkout(), '#' ) . '/book/wl-salsa-20991207\?lang=en">Join the waitlist<span class="screen-reader-text"> Salsa Beginners, Monday 7 December at 19:00</span></a>#', $html );

		$closed = studio_data_render_occurrence( array( 'waitlistOpen' => false, 'price' => 12.5 ) + $class, 'Monday 7 December', $view );
		$this->assertStringContainsString( 'Full', $closed );
		$this->assertStringNotContainsString( 'href=', $closed, 'a full class whose waitlist is closed has nothing to book' );
		$this->assertStringContainsString( '€12.50', $closed );
	}

	public function test_events_of_the_coming_weeks_with_their_hosts(): void {
		$one_week  = studio_data_render_events( array( 'studio' => $this->madridStudio(), 'from' => '2026-03-23', 'weeks' => 1 ) );
		$two_weeks = studio_data_render_events( array( 'studio' => $this->madridStudio(), 'from' => '2026-03-23', 'weeks' => 2 ) );
		$this->assertSame( array( 'Saturday Social', 'Styling Workshop' ), $this->names( $one_week ) );
		$this->assertSame( array( 'Saturday Social', 'Styling Workshop', 'Next Week Social' ), $this->names( $two_weeks ) );
		$this->assertStringContainsString( 'hosted by Luis', $one_week );
		$this->assertStringContainsString( 'Social dancing', $one_week );
	}

	public function test_headings_start_at_the_level_asked_for(): void {
		$args = array( 'studio' => $this->madridStudio(), 'from' => '2026-03-23', 'show_past' => true );
		$this->assertStringContainsString( '<h3 class="studio-data__day-title">', studio_data_render_schedule( $args ) );
		$this->assertStringContainsString( '<h4 class="studio-data-item__name">', studio_data_render_schedule( $args ) );
		$this->assertStringContainsString( '<h2 class="studio-data__day-title">', studio_data_render_schedule( $args + array( 'heading_level' => 2 ) ) );
		$this->assertStringContainsString( '<h3 class="studio-data-item__name">', studio_data_render_schedule( $args + array( 'heading_level' => 2 ) ) );
		$this->assertStringContainsString( '<h2 class="studio-data-package__name">', do_shortcode( '[studio_data_packages studio="' . $this->madridStudio() . '"]' ), 'shortcodes start at h2' );
	}

	public function test_instructors_in_the_requested_language_and_order(): void {
		$spanish = studio_data_render_instructors( array( 'studio' => $this->madridStudio(), 'locale' => 'es-MX' ) );
		$this->assertStringContainsString( 'Bailarina', $spanish );
		$this->assertStringContainsString( 'alt="Ana García"', $spanish );
		$english = studio_data_render_instructors( array( 'studio' => $this->madridStudio(), 'locale' => 'en', 'ids' => array( 'mad-luis', 'mad-ana' ), 'columns' => 2 ) );
		$this->assertStringContainsString( 'Dancer', $english );
		$this->assertStringContainsString( 'studio-data--columns-2', $english );
		$this->assertLessThan( strpos( $english, 'Ana García' ), strpos( $english, 'Luis' ) );
	}

	public function test_private_lessons_show_prices_availability_and_the_booking_page_in_the_locale(): void {
		$html = studio_data_render_private_lessons( array( 'studio' => $this->madridStudio(), 'locale' => 'es' ) );
		$this->assertStringContainsString( 'href="' . $this->checkout() . '/es/book/private-lesson/mad-luis"', $html );
		$this->assertStringContainsString( '60 min: 50,00', $html );
		$this->assertStringContainsString( '09:00&ndash;11:00', $html );
		$this->assertStringNotContainsString( 'mad-ana', $html, 'Ana has no active pricing' );
	}

	public function test_studio_info_shows_the_requested_parts(): void {
		$html = studio_data_render_studio_info( array( 'studio' => $this->madridStudio(), 'locale' => 'en', 'parts' => array( 'name', 'description', 'phone', 'whatsapp' ) ) );
		$this->assertStringContainsString( 'Salsa Fixture Madrid', $html );
		$this->assertStringContainsString( 'Dance school', $html );
		$this->assertStringContainsString( 'href="tel:+34600000000"', $html );
		$this->assertStringContainsString( 'href="https://wa.me/34600000001"', $html );
		$this->assertStringNotContainsString( 'Calle Mayor', $html );
		$all = studio_data_render_studio_info( array( 'studio' => $this->madridStudio() ) );
		$this->assertStringContainsString( '<address class="studio-data-studio__address">Calle Mayor 1, Madrid<br>2º</address>', $all );
	}

	public function test_packages_with_their_terms(): void {
		$html = studio_data_render_packages( array( 'studio' => $this->madridStudio(), 'locale' => 'en' ) );
		$this->assertSame( array( '10 classes', 'Unlimited Salsa' ), $this->names( $html ) );
		$this->assertStringContainsString( 'Valid for 90 days', $html );
		$this->assertStringContainsString( 'Unlimited classes', $html );
		$this->assertStringContainsString( 'For Salsa', $html );
		$this->assertStringContainsString( '€79.90', $html );
	}

	public function test_the_schedule_and_the_events_offer_to_subscribe_to_the_calendar_feed_of_what_they_show(): void {
		$feed   = rtrim( studio_data_get_settings()['api_base_url'], '/' ) . '/api/public/studio/' . $this->madridStudio() . '/calendar.ics';
		$webcal = static fn ( string $url ): string => (string) preg_replace( '#^https?://#', 'webcal://', $url );
		$links  = static function ( string $html ): array {
			preg_match_all( '#<a class="studio-data__subscribe-(webcal|google)" href="([^"]+)"#', $html, $found, PREG_SET_ORDER );
			return array_map( static fn ( array $match ): string => html_entity_decode( $match[2] ), $found );
		};
		$args = array( 'studio' => $this->madridStudio(), 'from' => '2026-03-23', 'show_past' => true );
		$this->assertSame( array( $webcal( $feed ), 'https://calendar.google.com/calendar/render?cid=' . rawurlencode( $webcal( $feed ) ) ), $links( studio_data_render_schedule( $args ) ) );
		$this->assertSame( $webcal( $feed . '?type=Bachata' ), $links( studio_data_render_schedule( $args + array( 'dance_types' => array( 'Bachata' ) ) ) )[0] );
		$this->assertSame( $webcal( $feed . '?instructor=mad-luis' ), $links( studio_data_render_schedule( $args + array( 'instructors' => 'mad-luis' ) ) )[0] );
		$this->assertSame( $webcal( $feed ), $links( studio_data_render_events( array( 'studio' => $this->madridStudio(), 'from' => '2026-03-23' ) ) )[0] );
		$this->assertSame( array(), $links( studio_data_render_schedule( $args + array( 'subscribe' => false ) ) ) );
	}

	public function test_a_book_button_with_the_dialog_stays_a_link_and_loads_the_dialog_script(): void {
		// On the studio's own website (the settings' studio, the live fixture's), the one site its booking pages let frame them.
		$this->addHook( 'home_url', static fn (): string => 'https://ritmo.example.com/' );
		$html = studio_data_render_book_button( array( 'kind' => 'class', 'target' => 'wcs-sat', 'dialog' => true ) );
		$this->assertSame( '<p class="studio-data studio-data-book-button"><a class="studio-data-button" href="' . esc_url( $this->checkout() . '/book/wcs-sat?lang=en' ) . '" data-studio-data-dialog="Close">Book now</a></p>', $html );
		$this->assertTrue( wp_script_is( 'studio-data-booking-dialog', 'enqueued' ) );
		$this->assertStringNotContainsString( 'data-studio-data-dialog', studio_data_render_book_button( array( 'kind' => 'class', 'target' => 'wcs-sat' ) ) );
	}

	public function test_book_buttons_link_to_the_hosted_pages(): void {
		// A one-off class that is over is linked as saved: its page says so.
		$this->assertStringContainsString( 'href="' . $this->checkout() . '/book/wcs-sat?lang=en">Book now<', studio_data_render_book_button( array( 'target' => 'wcs-sat' ) ) );
		$this->assertStringContainsString( 'href="' . $this->checkout() . '/en/book/private-lesson/mad-luis">Reserve<', studio_data_render_book_button( array( 'kind' => 'private-lesson', 'target' => 'mad-luis', 'label' => 'Reserve', 'locale' => 'en' ) ) );
		$this->assertSame( '', studio_data_render_book_button( array( 'target' => '' ) ), 'visitors see nothing when nothing is chosen' );
	}

	public function test_a_user_profile(): void {
		$html = studio_data_render_user_profile( array( 'user' => 'mad-ana', 'locale' => 'en' ) );
		$this->assertStringContainsString( 'Ana García', $html );
		$this->assertStringContainsString( '12 years of experience', $html );
		$this->assertStringContainsString( 'Salsa, Bachata', $html );
	}

	public function test_when_the_api_fails_visitors_get_a_polite_message_and_editors_the_reason(): void {
		$this->takeApiDown();
		$visitor = studio_data_render_packages( array( 'studio' => $this->madridStudio() ) );
		$this->assertStringContainsString( 'not available right now', $visitor );
		$this->assertStringNotContainsString( 'could not be reached', $visitor );

		wp_set_current_user( $this->userWithRole( 'contributor' ) );
		$editor = studio_data_render_packages( array( 'studio' => $this->madridStudio() ) );
		$this->assertStringContainsString( 'could not be reached', $editor );
	}

	public function test_hostile_text_from_the_api_renders_inert(): void {
		$studio = $this->hostileStudio();
		foreach ( array( 'en', 'es' ) as $locale ) {
			$html = studio_data_render_schedule( array( 'studio' => $studio, 'locale' => $locale, 'descriptions' => true ) )
				. studio_data_render_instructors( array( 'studio' => $studio, 'locale' => $locale ) )
				. studio_data_render_studio_info( array( 'studio' => $studio, 'locale' => $locale ) )
				. studio_data_render_packages( array( 'studio' => $studio, 'locale' => $locale ) );

			$this->assertStringContainsString( '&lt;script&gt;alert(1)&lt;/script&gt;', $html, 'the class name is shown as text' );
			$this->assertDoesNotMatchRegularExpression( '#<(script|img src=x|iframe|svg|marquee|b |h1>|i>)#i', $html );
			$this->assertDoesNotMatchRegularExpression( '#(href|src)="\s*javascript:#i', $html );
			$this->assertDoesNotMatchRegularExpression( '#<[a-z][^>]*\son[a-z]+=#i', $html, 'no element with an event handler' );
		}
	}

	public function test_when_a_list_answer_has_elements_that_are_not_objects_then_the_page_shows_the_others(): void {
		$this->answerApiWith( '/instructors', 200, '[null,"x",7,{"id":"p1","name":"Ana","lastname":"Ruiz","bio":{"en":"Tango teacher"},"image":null}]' );
		$html = studio_data_render_instructors( array() );
		$this->assertStringContainsString( 'Ana Ruiz', $html );
		$this->assertStringContainsString( 'Tango teacher', $html );
	}

	public function test_when_a_renderer_cannot_read_an_answer_then_the_page_shows_the_polite_message_not_a_fatal_error(): void {
		$html = studio_data_render_guarded(
			'schedule',
			array(),
			static function (): string {
				$render_item = static fn ( array $item ): string => (string) ( $item['name'] ?? '' );
				return $render_item( json_decode( 'null', true ) );
			}
		);
		$this->assertStringContainsString( 'This information is not available right now.', $html );
	}

	public function test_when_structured_data_cannot_be_built_from_an_answer_then_the_page_carries_none(): void {
		$json_ld = studio_data_json_ld_guarded(
			array(),
			static function (): array {
				$build_item = static fn ( array $item ): array => $item;
				return $build_item( json_decode( '"x"', true ) );
			}
		);
		$this->assertSame( '', $json_ld );
	}

	public function test_when_the_api_sends_a_huge_answer_then_it_is_cut_and_read_as_invalid(): void {
		$uploads = wp_upload_dir();
		$folder  = 'studio-data-big-' . wp_generate_password( 8, false, false );
		$studio  = $uploads['basedir'] . '/' . $folder . '/api/public/studio';
		wp_mkdir_p( $studio . '/big' );
		wp_mkdir_p( $studio . '/small' );
		// phpcs:disable WordPress.WP.AlternativeFunctions -- test files served by the site's own server.
		file_put_contents( $studio . '/small/profile', '{"id":"small","name":"Small Studio","timezone":"UTC"}' );
		file_put_contents( $studio . '/big/profile', '{"id":"big","name":"' . str_repeat( 'a', 3 * 1024 * 1024 ) . '","timezone":"UTC"}' );
		// phpcs:enable
		try {
			$this->configure( array( 'api_base_url' => $uploads['baseurl'] . '/' . $folder ) );
			$this->assertSame( 'Small Studio', studio_data_bridge()->studioProfile( 'small' )['name'], 'the files are served as API answers' );
			try {
				studio_data_bridge()->studioProfile( 'big' );
				$this->fail( 'a 3 MB answer was read' );
			} catch ( StudioData\Client\Unavailable $error ) {
				$this->assertSame( 'invalid_response', $error->problemCode );
			}
		} finally {
			foreach ( array( 'big', 'small' ) as $name ) {
				wp_delete_file( $studio . '/' . $name . '/profile' );
				rmdir( $studio . '/' . $name );
			}
			foreach ( array( $studio, dirname( $studio ), dirname( $studio, 2 ), dirname( $studio, 3 ) ) as $dir ) {
				rmdir( $dir );
			}
		}
	}

	public function test_private_lesson_links_name_the_language_of_a_regional_site_locale(): void {
		$lessons = studio_data_render_private_lessons( array( 'locale' => 'es-ES' ) );
		$this->assertStringContainsString( 'href="' . $this->checkout() . '/es/book/private-lesson/wp-live-carmen"', $lessons );
		$button = studio_data_render_book_button(
			array(
				'kind'   => 'private-lesson',
				'target' => 'wp-live-carmen',
				'locale' => 'pt_BR',
			)
		);
		$this->assertStringContainsString( 'href="' . $this->checkout() . '/pt/book/private-lesson/wp-live-carmen"', $button );
	}

	public function test_an_event_that_ends_after_midnight_says_it_ends_the_next_day(): void {
		$html = studio_data_render_events( array( 'weeks' => 1 ) );
		$this->assertSame( 1, preg_match( '#<time datetime="(\d{4}-\d{2}-\d{2})T23:50">23:50</time>&ndash;<time datetime="([^"]+)">02:00</time> \(next day\)#', $html, $match ), 'Midnight Social, 23:50–02:00' );
		$this->assertSame( ( new DateTimeImmutable( $match[1] ) )->modify( '+1 day' )->format( 'Y-m-d' ) . 'T02:00', $match[2] );
	}

	public function test_a_class_that_ends_the_same_day_has_no_next_day_cue(): void {
		$html = studio_data_render_schedule( array( 'show_past' => true ) );
		$this->assertStringContainsString( '</time>&ndash;23:59</p>', $html );
		$this->assertStringNotContainsString( 'next day', $html );
	}

	public function test_phone_links_keep_a_plus_only_when_the_studio_wrote_one_and_need_digits(): void {
		$this->assertStringContainsString( 'href="tel:911234567"', studio_data_phone_link( '91 123 45 67', 'Phone:', 'tel:', 'p' ) );
		$this->assertStringContainsString( 'href="tel:+34911234567"', studio_data_phone_link( ' +34 91 123 45 67', 'Phone:', 'tel:', 'p' ) );
		$no_digits = studio_data_phone_link( 'Ask at the desk', 'Phone:', 'tel:', 'p' );
		$this->assertStringContainsString( 'Ask at the desk', $no_digits );
		$this->assertStringNotContainsString( '<a', $no_digits );
	}

	public function test_availability_windows_on_no_real_weekday_are_left_out(): void {
		$html = studio_data_availability_list(
			array(
				array(
					'dayOfWeek' => 9,
					'startTime' => '10:00',
					'endTime'   => '11:00',
				),
				array( 'dayOfWeek' => 'x' ),
				array( 'dayOfWeek' => -1 ),
				'not a window',
				array(
					'dayOfWeek' => 1,
					'startTime' => '09:00',
					'endTime'   => array( '10:00' ),
				),
			),
			new DateTimeZone( 'UTC' )
		);
		$this->assertSame( 1, substr_count( $html, '<li>' ) );
		$this->assertStringContainsString( '<li>Monday 09:00&ndash;</li>', $html );
	}

	public function test_a_class_whose_level_or_dance_type_is_not_text_is_listed_without_them(): void {
		$tomorrow = gmdate( 'Y-m-d', studio_data_now() + DAY_IN_SECONDS ) . 'T18:00:00.000Z';
		$odd      = array(
			'id'        => 'c1',
			'name'      => 'Odd Class',
			'date'      => $tomorrow,
			'startTime' => '19:00',
			'endTime'   => '20:00',
			'level'     => array( 'x' ),
			'danceType' => array( 'a' => 1 ),
			'dayOfWeek' => 'monday',
		);
		$this->answerApiWith( '/classes', 200, (string) wp_json_encode( array( $odd ) ) );
		$this->assertStringContainsString( 'Odd Class', studio_data_render_schedule( array() ) );
		$this->assertStringNotContainsString( 'Odd Class', studio_data_render_schedule( array( 'levels' => 'Beginner', 'dance_types' => 'Salsa' ) ) );
	}

	/** @return list<string> Names of the classes, events or packages rendered. */
	private function names( string $html ): array {
		preg_match_all( '#<h[2-6] class="studio-data-(?:item|package)__name">([^<]*)</h[2-6]>#', $html, $matches );
		return array_map( 'html_entity_decode', $matches[1] );
	}
}
