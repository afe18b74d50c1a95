<?php
/**
 * A shortcode's attributes read against its block's block.json, the one schema of both: a block's
 * attributes come from the editor's controls, a shortcode's are typed by hand, and a typo
 * (`dance_type=`, `days="lunes"`, `kind="dance"`, `columns="9"`) used to change nothing or empty the
 * list without a word. Each value the schema cannot take is left out (the default applies), a value
 * in another case is taken in the schema's (`days="Monday"`), and what was left out is said to people
 * who edit the site, above the shortcode's output.
 *
 * @package StudioData
 */

defined( 'ABSPATH' ) || exit;

/**
 * The attributes the shortcode can take, each value checked.
 *
 * @param array<int|string,mixed> $given    The attributes as WordPress parsed them (names lowercased; a name without a value has a number as its key).
 * @param array<string,string>    $defaults Every attribute the shortcode takes (studio_data_shortcode_defaults()).
 * @return array{attributes:array<string,string>,problems:list<string>} The values to render with, and what was left out and why.
 */
function studio_data_check_shortcode_attributes( string $block, array $given, array $defaults ): array {
	$schemas = array();
	foreach ( studio_data_block_attribute_schemas( $block ) as $attribute => $schema ) {
		$schemas[ studio_data_arg_name( $attribute ) ] = $schema;
	}
	$attributes = array();
	$problems   = array();
	foreach ( $given as $name => $value ) {
		$name = is_int( $name ) ? (string) $value : (string) $name;
		if ( ! array_key_exists( $name, $defaults ) ) {
			$problems[] = sprintf(
				/* translators: 1: the attribute's name as typed, 2: the attributes the shortcode takes, comma-separated. */
				__( '“%1$s” is not one of its attributes (%2$s).', 'studio-data' ),
				$name,
				implode( ', ', array_keys( $defaults ) )
			);
			continue;
		}
		$value = trim( (string) $value );
		[ $taken, $problem ] = '' === $value ? array( $value, null ) : studio_data_check_shortcode_value( $name, $value, $schemas[ $name ] ?? null );
		if ( null !== $problem ) {
			$problems[] = $problem;
		}
		if ( null !== $taken ) {
			$attributes[ $name ] = $taken;
		}
	}
	return array(
		'attributes' => $attributes,
		'problems'   => $problems,
	);
}

/**
 * One value as its schema takes it, and the problem with it: a list keeps the items it can take.
 *
 * @param array<string,mixed>|null $schema The attribute's block.json schema (null: one only the shortcode has).
 * @return array{0:?string,1:?string} The value taken (null: none), and what was left out and why (null: nothing).
 */
function studio_data_check_shortcode_value( string $name, string $value, ?array $schema ): array {
	$problem = static fn ( string $message, ?string $taken = null ): array => array( $taken, sprintf( '%1$s="%2$s": %3$s', $name, $value, $message ) );
	if ( null === $schema ) {
		// The shortcode's own: a day to start from, or whether to show the descriptions.
		if ( 'from' === $name ) {
			return null === studio_data_date_arg( $value ) ? $problem( __( 'expected a date as YYYY-MM-DD.', 'studio-data' ) ) : array( $value, null );
		}
		$schema = array( 'type' => 'boolean' );
	}
	switch ( $schema['type'] ?? 'string' ) {
		case 'boolean':
			return null === filter_var( $value, FILTER_VALIDATE_BOOLEAN, FILTER_NULL_ON_FAILURE ) ? $problem( __( 'expected true or false.', 'studio-data' ) ) : array( $value, null );
		case 'integer':
			// Every integer attribute has bounds: a minimum and maximum, or an enum of consecutive numbers (heading levels).
			$enum    = is_array( $schema['enum'] ?? null ) ? array_map( 'intval', $schema['enum'] ) : array();
			$lowest  = array() === $enum ? (int) ( $schema['minimum'] ?? 0 ) : min( $enum );
			$highest = array() === $enum ? (int) ( $schema['maximum'] ?? 999999 ) : max( $enum );
			$fits    = 1 === preg_match( '/^\d{1,6}$/', $value ) && (int) $value >= $lowest && (int) $value <= $highest && ( array() === $enum || in_array( (int) $value, $enum, true ) );
			/* translators: 1: the lowest number the attribute takes, 2: the highest. */
			return $fits ? array( (string) (int) $value, null ) : $problem( sprintf( __( 'expected a number from %1$d to %2$d.', 'studio-data' ), $lowest, $highest ) );
		case 'array':
			$items   = array();
			$refused = array();
			foreach ( studio_data_list_arg( $value ) as $item ) {
				$taken = studio_data_schema_item( $item, is_array( $schema['items'] ?? null ) ? $schema['items'] : array() );
				if ( null === $taken ) {
					$refused[] = $item;
				} else {
					$items[] = $taken;
				}
			}
			if ( array() !== $refused ) {
				return $problem( studio_data_schema_expectation( is_array( $schema['items'] ?? null ) ? $schema['items'] : array(), $refused ), array() === $items ? null : implode( ',', $items ) );
			}
			return array( implode( ',', $items ), null );
		default:
			$taken = studio_data_schema_item( $value, $schema );
			return null === $taken ? $problem( studio_data_schema_expectation( $schema, array( $value ) ) ) : array( $taken, null );
	}
}

/**
 * A text as a string schema takes it: one of its `enum` in the enum's own case, or matching its
 * `pattern`; null when it does not.
 *
 * @param array<string,mixed> $schema
 */
function studio_data_schema_item( string $text, array $schema ): ?string {
	if ( is_array( $schema['enum'] ?? null ) ) {
		foreach ( $schema['enum'] as $allowed ) {
			if ( 0 === strcasecmp( (string) $allowed, $text ) ) {
				return (string) $allowed;
			}
		}
		return null;
	}
	if ( is_string( $schema['pattern'] ?? null ) ) {
		return 1 === preg_match( '/' . str_replace( '/', '\/', $schema['pattern'] ) . '/u', $text ) ? $text : null;
	}
	return $text;
}

/**
 * What a string schema takes, said about the values it refused.
 *
 * @param array<string,mixed> $schema
 * @param list<string>        $refused
 */
function studio_data_schema_expectation( array $schema, array $refused ): string {
	if ( is_array( $schema['enum'] ?? null ) ) {
		/* translators: 1: the values that were left out, comma-separated, 2: the values the attribute takes. */
		return sprintf( __( '%1$s left out; it takes %2$s.', 'studio-data' ), implode( ', ', $refused ), implode( ', ', array_map( 'strval', $schema['enum'] ) ) );
	}
	/* translators: %s: the values that were left out, comma-separated. */
	return sprintf( __( '%s left out: not in the form the attribute takes (see the plugin’s README).', 'studio-data' ), implode( ', ', $refused ) );
}

/**
 * The note above a shortcode's output for people who edit the site (nothing for visitors).
 *
 * @param list<string> $problems
 */
function studio_data_shortcode_note( string $tag, array $problems ): string {
	if ( array() === $problems ) {
		return '';
	}
	$items = implode( '', array_map( static fn ( string $problem ): string => '<li>' . esc_html( $problem ) . '</li>', $problems ) );
	/* translators: %s: the shortcode, e.g. [studio_data_schedule]. */
	return studio_data_editor_note( sprintf( __( '%s left out what it could not read:', 'studio-data' ), '[' . $tag . ']' ), '<ul>' . $items . '</ul>' );
}
