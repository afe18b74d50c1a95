<?php
use PHPUnit\Framework\TestCase;
use StudioData\Client\LocaleText;

final class LocaleTextTest extends TestCase {
	private const TEXTS = array( 'es' => 'Hola', 'en' => 'Hello', 'pt-BR' => 'Olá' );

	public function test_the_exact_locale_wins(): void {
		$this->assertSame( 'Olá', LocaleText::pick( self::TEXTS, 'pt-BR', 'es' ) );
		$this->assertSame( 'Olá', LocaleText::pick( self::TEXTS, 'pt_br', 'es' ) );
	}

	public function test_a_regional_locale_falls_back_to_its_language(): void {
		$this->assertSame( 'Hola', LocaleText::pick( self::TEXTS, 'es-MX', 'en' ) );
	}

	public function test_an_unknown_language_falls_back_to_the_studio_default(): void {
		$this->assertSame( 'Hello', LocaleText::pick( self::TEXTS, 'fr', 'en-GB' ) );
	}

	public function test_without_default_text_the_first_text_present_is_used(): void {
		$this->assertSame( 'Hallo', LocaleText::pick( array( 'de' => 'Hallo', 'nl' => 'Hoi' ), 'fr', 'en' ) );
	}

	public function test_empty_texts_count_as_missing_and_no_text_gives_an_empty_string(): void {
		$this->assertSame( 'Hello', LocaleText::pick( array( 'es' => ' ', 'en' => 'Hello' ), 'es', null ) );
		$this->assertSame( '', LocaleText::pick( array(), 'es', 'en' ) );
		$this->assertSame( '', LocaleText::pick( null, 'es', 'en' ) );
	}

	public function test_maps_decode_from_json_strings_and_keep_only_texts(): void {
		$this->assertSame( array( 'en' => 'Hi' ), LocaleText::decodeMap( '{"en":"Hi","es":5,"0":"x"}' ) );
		$this->assertSame( array( 'en' => 'Hi' ), LocaleText::decodeMap( array( 'en' => 'Hi' ) ) );
		$this->assertSame( array(), LocaleText::decodeMap( '[1,2]' ) );
	}
}
