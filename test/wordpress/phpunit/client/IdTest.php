<?php
use PHPUnit\Framework\TestCase;
use StudioData\Client\Id;

/** The plugin's one id rule (routes, settings, renderers, the answers' cleaning) against the server's. */
final class IdTest extends TestCase {
	public function test_the_id_rule_is_the_servers(): void {
		$ids = (string) file_get_contents( dirname( __DIR__, 4 ) . '/server/src/domain/ids.ts' );
		$this->assertSame( 1, preg_match( '#export const DOCUMENT_ID_PATTERN = /\^(.+)\$/;#', $ids, $server ) );
		$this->assertSame( $server[1], Id::PATTERN );
	}

	public function test_an_id_has_1_to_64_letters_digits_hyphens_or_underscores(): void {
		$verdicts = array();
		foreach ( array( 'salsa-city', 'A_1', str_repeat( 'x', 64 ), '', str_repeat( 'x', 65 ), 'salsa city', 'café', "salsa\n" ) as $value ) {
			$verdicts[ $value ] = Id::isValid( $value );
		}
		$this->assertSame(
			array( 'salsa-city' => true, 'A_1' => true, str_repeat( 'x', 64 ) => true, '' => false, str_repeat( 'x', 65 ) => false, 'salsa city' => false, 'café' => false, "salsa\n" => false ),
			$verdicts
		);
	}
}
