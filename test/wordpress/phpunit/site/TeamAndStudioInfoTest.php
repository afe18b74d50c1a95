<?php
/**
 * What owners asked for next on the team and studio blocks: each instructor's occupation,
 * experience and dances, as the profile shows them, photos laid out before they load, and directions
 * to the studio that embed nothing.
 */
final class TeamAndStudioInfoTest extends StudioDataTestCase {
	public function test_when_the_team_is_shown_then_each_card_says_occupation_experience_and_dances_as_the_profile_does(): void {
		$team    = studio_data_render_instructors( array( 'studio' => $this->madridStudio(), 'locale' => 'en', 'ids' => array( 'mad-ana' ) ) );
		$profile = studio_data_render_user_profile( array( 'user' => 'mad-ana', 'locale' => 'en' ) );
		foreach ( array( 'studio-data-person__facts', 'studio-data-person__specialities' ) as $class_name ) {
			$this->assertSame( 1, preg_match( '#<p class="' . $class_name . '">.*?</p>#', $profile, $shown ) );
			$this->assertStringContainsString( $shown[0], $team, 'the card shows what the profile shows' );
		}
		$this->assertStringContainsString( '12 years of experience', $team );
		$this->assertStringContainsString( 'Salsa, Bachata', $team );
	}

	public function test_when_a_team_member_has_no_public_profile_then_the_card_shows_no_facts(): void {
		$hidden = studio_data_render_instructors( array( 'studio' => $this->madridStudio(), 'locale' => 'en', 'ids' => array( 'mad-hidden' ) ) );
		$this->assertStringContainsString( 'Hidden Person', $hidden );
		$this->assertStringNotContainsString( 'Stage manager', $hidden );
		$this->assertStringNotContainsString( 'studio-data-person__specialities', $hidden );
	}

	public function test_instructor_photos_carry_their_width_and_height(): void {
		$team = studio_data_render_instructors( array( 'studio' => $this->madridStudio(), 'ids' => array( 'mad-ana' ) ) );
		$this->assertMatchesRegularExpression( '#<img class="studio-data-person__image" src="https://images\.example\.com/ana\.png" alt="Ana García" width="320" height="320"#', $team );
	}

	public function test_when_the_studio_has_an_address_then_a_directions_link_searches_it_on_openstreetmap(): void {
		$html = studio_data_render_studio_info( array( 'parts' => array( 'address' ) ) );
		$this->assertStringContainsString( '<a href="https://www.openstreetmap.org/search?query=Calle%20del%20Prado%207%2C%20Madrid">Directions (OpenStreetMap)</a>', $html );
		$this->assertStringNotContainsString( '<iframe', $html, 'no embedded map' );
		$this->assertStringNotContainsString( '<script', $html );
	}
}
