<?php
/**
 * The Block Bindings source `studio-data/studio-data` in core blocks rendered by WordPress itself
 * (do_blocks), on the live studio of the harness (Ritmo Live Studio, Madrid).
 */
final class BindingsTest extends StudioDataTestCase {
	/** Block markup of a core block whose `$attribute` is bound to the source with these arguments. */
	private function bound( string $block, string $attribute, array $args, string $inner ): string {
		$attributes = wp_json_encode( array( 'metadata' => array( 'bindings' => array( $attribute => array( 'source' => 'studio-data/studio-data', 'args' => $args ) ) ) ) );
		return '<!-- wp:' . $block . ' ' . $attributes . ' -->' . $inner . '<!-- /wp:' . $block . ' -->';
	}

	public function test_when_a_paragraph_and_a_heading_are_bound_then_they_show_the_studios_name_phone_and_address(): void {
		$html = do_blocks(
			$this->bound( 'heading', 'content', array( 'key' => 'name' ), '<h2 class="wp-block-heading">Our studio</h2>' )
			. $this->bound( 'paragraph', 'content', array( 'key' => 'phone' ), '<p>Call us</p>' )
			. $this->bound( 'paragraph', 'content', array( 'key' => 'address' ), '<p>Find us</p>' )
		);
		$this->assertStringContainsString( '<h2 class="wp-block-heading">Ritmo Live Studio</h2>', $html );
		$this->assertStringContainsString( '<p>+34 611 222 333</p>', $html );
		$this->assertStringContainsString( '<p>Calle del Prado 7, Madrid</p>', $html );
	}

	public function test_when_a_button_is_bound_to_a_weekly_class_then_it_links_the_next_session_and_a_paragraph_says_when(): void {
		$zone   = new DateTimeZone( 'Europe/Madrid' );
		$today  = ( new DateTimeImmutable( '@' . studio_data_now() ) )->setTimezone( $zone );
		$series = 'wp-live-salsa-' . strtolower( $today->format( 'l' ) );
		$start  = $today->setTime( 23, 30 );
		$next   = $start->getTimestamp() >= studio_data_now() ? $start : $start->modify( '+7 days' );

		$button = '<!-- wp:buttons --><div class="wp-block-buttons">'
			. $this->bound( 'button', 'url', array( 'key' => 'booking-url', 'series' => $series ), '<div class="wp-block-button"><a class="wp-block-button__link wp-element-button">Book the next class</a></div>' )
			. '</div><!-- /wp:buttons -->';
		$html   = do_blocks(
			$button
			. $this->bound( 'paragraph', 'content', array( 'key' => 'next-date', 'series' => $series ), '<p>soon</p>' )
			. $this->bound( 'paragraph', 'content', array( 'key' => 'next-time', 'series' => $series ), '<p>in the evening</p>' )
		);
		$this->assertStringContainsString( 'href="' . esc_url( studio_data_get_settings()['checkout_base_url'] . '/book/' . $series . '-' . $next->format( 'Ymd' ) . '?lang=en' ) . '"', $html );
		$this->assertStringContainsString( '>Book the next class</a>', $html );
		$this->assertStringContainsString( '<p>' . esc_html( wp_date( get_option( 'date_format' ), $next->getTimestamp(), $zone ) ) . '</p>', $html );
		$this->assertStringContainsString( '<p>' . esc_html( wp_date( get_option( 'time_format' ), $next->getTimestamp(), $zone ) ) . '</p>', $html );
	}

	public function test_when_the_address_is_bound_to_a_link_then_it_is_the_directions_on_openstreetmap(): void {
		$html = do_blocks( '<!-- wp:buttons --><div class="wp-block-buttons">' . $this->bound( 'button', 'url', array( 'key' => 'address' ), '<div class="wp-block-button"><a class="wp-block-button__link wp-element-button">Directions</a></div>' ) . '</div><!-- /wp:buttons -->' );
		$this->assertStringContainsString( 'href="https://www.openstreetmap.org/search?query=Calle%20del%20Prado%207%2C%20Madrid"', $html );
	}

	public function test_when_the_value_cannot_be_read_then_the_block_keeps_its_own_text(): void {
		$this->assertStringContainsString( '<p>Every Monday</p>', do_blocks( $this->bound( 'paragraph', 'content', array( 'key' => 'next-date', 'series' => 'no-such-series' ), '<p>Every Monday</p>' ) ) );
		$this->takeApiDown();
		$this->assertStringContainsString( '<p>Call us</p>', do_blocks( $this->bound( 'paragraph', 'content', array( 'key' => 'phone', 'studio' => 'never-read-studio' ), '<p>Call us</p>' ) ) );
	}

	public function test_when_a_studio_sends_markup_then_bound_text_shows_it_as_text(): void {
		$html = do_blocks( $this->bound( 'paragraph', 'content', array( 'key' => 'name', 'studio' => $this->hostileStudio() ), '<p>x</p>' ) );
		$this->assertStringContainsString( 'Studio &lt;b onmouseover=alert(4)&gt;Hostile&lt;/b&gt;', $html );
		$this->assertStringNotContainsString( '<b onmouseover', $html );
	}
}
