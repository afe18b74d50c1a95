<?php
use PHPUnit\Framework\TestCase;
use StudioData\Client\LocaleText;

final class LocaleTextTest extends TestCase {
	/**
	 * The contract's test vectors of the fallback, which the TS client and the server's pages pass too.
	 *
	 * @return array<string,array{0:array<string,string>|null,1:string|null,2:string|null,3:string}>
	 */
	public static function contract_vectors(): array {
		$vectors = json_decode( (string) file_get_contents( dirname( __DIR__, 4 ) . '/contract/locale-fallback-vectors.json' ), true, 512, JSON_THROW_ON_ERROR );
		$cases   = array();
		foreach ( $vectors as $vector ) {
			$cases[ $vector['name'] ] = array( $vector['map'], $vector['locale'], $vector['defaultLocale'], $vector['expected'] );
		}
		return $cases;
	}

	/**
	 * @dataProvider contract_vectors
	 * @param array<string,string>|null $map
	 */
	public function test_the_text_for_a_locale_follows_the_contract_fallback( ?array $map, ?string $locale, ?string $studio_default, string $expected ): void {
		$this->assertSame( $expected, LocaleText::pick( $map, $locale, $studio_default ) );
	}

	public function test_maps_decode_from_json_strings_and_keep_only_texts(): void {
		$this->assertSame( array( 'en' => 'Hi' ), LocaleText::decodeMap( '{"en":"Hi","es":5,"0":"x"}' ) );
		$this->assertSame( array( 'en' => 'Hi' ), LocaleText::decodeMap( array( 'en' => 'Hi' ) ) );
		$this->assertSame( array(), LocaleText::decodeMap( '[1,2]' ) );
	}
}
