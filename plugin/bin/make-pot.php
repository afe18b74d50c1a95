<?php
/**
 * Writes languages/studio-data.pot: gettext calls with the `studio-data` text domain (and their
 * "translators:" comments) in the plugin's PHP and in the blocks' TypeScript (../blocks/), and the
 * blocks' block.json titles, descriptions and keywords. There is no wp-cli here; this is the part of
 * `wp i18n make-pot` the plugin needs.
 * Usage: php plugin/bin/make-pot.php [--check]   (--check: exit 1 when the committed .pot lacks a
 * string of the plugin's own PHP)
 */

// A command-line tool: never run by a web request.
'cli' === PHP_SAPI || exit;

$plugin = dirname( __DIR__ );
$target = $plugin . '/languages/studio-data.pot';

/** Function => positions of the singular, plural, context and domain arguments (0-based). */
const GETTEXT = array(
	'__'         => array( 0, null, null, 1 ),
	'_e'         => array( 0, null, null, 1 ),
	'esc_html__' => array( 0, null, null, 1 ),
	'esc_html_e' => array( 0, null, null, 1 ),
	'esc_attr__' => array( 0, null, null, 1 ),
	'esc_attr_e' => array( 0, null, null, 1 ),
	'_x'         => array( 0, null, 1, 2 ),
	'_n'         => array( 0, 1, null, 3 ),
);

$entries = array();
// The plugin header's texts are shown translated on the Plugins screen.
foreach ( array( 'Plugin Name', 'Description', 'Author' ) as $header ) {
	if ( preg_match( '/^\s*\*\s*' . $header . ':\s*(.+)$/m', (string) file_get_contents( $plugin . '/studio-data.php' ), $match ) ) {
		$entries[ trim( $match[1] ) ] ??= array( 'msgid' => trim( $match[1] ), 'plural' => null, 'context' => null, 'refs' => array( 'studio-data.php' ), 'comments' => array( $header . ' of the plugin' => true ) );
	}
}
$sources = new RecursiveIteratorIterator( new RecursiveDirectoryIterator( $plugin, FilesystemIterator::SKIP_DOTS ) );
$files   = array();
foreach ( $sources as $file ) {
	$relative = substr( $file->getPathname(), strlen( $plugin ) + 1 );
	if ( str_ends_with( $relative, '.php' ) && ! preg_match( '#^(bin|build|node_modules)/#', $relative ) ) {
		$files[] = $relative;
	}
}
sort( $files );
$blocks = dirname( $plugin ) . '/blocks';
if ( is_dir( $blocks ) ) {
	$block_sources = array();
	foreach ( new RecursiveIteratorIterator( new RecursiveDirectoryIterator( $blocks, FilesystemIterator::SKIP_DOTS ) ) as $file ) {
		$relative = '../blocks/' . substr( $file->getPathname(), strlen( $blocks ) + 1 );
		if ( preg_match( '#\.(php|js|jsx|ts|tsx)$#', $relative ) && ! preg_match( '#\.(test|spec)\.|\.d\.ts$#', $relative ) ) {
			$block_sources[] = $relative;
		} elseif ( str_ends_with( $relative, '/block.json' ) ) {
			studio_data_pot_block_json( $entries, $plugin, $relative );
		}
	}
	sort( $block_sources );
	$files = array_merge( $files, $block_sources );
}
foreach ( $files as $relative ) {
	$source     = (string) file_get_contents( "$plugin/$relative" );
	$tokens     = str_ends_with( $relative, '.php' )
		? array_values( array_filter( token_get_all( $source ), static fn ( $t ) => ! is_array( $t ) || T_WHITESPACE !== $t[0] ) )
		: studio_data_pot_js_tokens( $source );
	$translator = null;
	foreach ( $tokens as $i => $token ) {
		if ( is_array( $token ) && T_COMMENT === $token[0] && str_contains( $token[1], 'translators:' ) ) {
			$translator = trim( preg_replace( '#^/\*+|\*+/$|^//#', '', $token[1] ) );
			continue;
		}
		if ( ! is_array( $token ) || T_STRING !== $token[0] || ! isset( GETTEXT[ $token[1] ] ) || '(' !== ( $tokens[ $i + 1 ] ?? null ) ) {
			continue;
		}
		$args = studio_data_pot_arguments( $tokens, $i + 2 );
		[ $singular, $plural, $context, $domain_at ] = GETTEXT[ $token[1] ];
		$domain = $args[ $domain_at ] ?? null;
		if ( 'studio-data' !== $domain || null === ( $args[ $singular ] ?? null ) ) {
			$translator = null;
			continue;
		}
		$key = ( null !== $context ? $args[ $context ] . "\x04" : '' ) . $args[ $singular ];
		$entries[ $key ] ??= array( 'msgid' => $args[ $singular ], 'plural' => null !== $plural ? $args[ $plural ] : null, 'context' => null !== $context ? $args[ $context ] : null, 'refs' => array(), 'comments' => array() );
		$entries[ $key ]['refs'][] = $relative . ':' . $token[2];
		if ( null !== $translator ) {
			$entries[ $key ]['comments'][ $translator ] = true;
		}
		$translator = null;
	}
}

/**
 * The literal string arguments of a call (null for anything that is not a literal).
 *
 * @return list<string|null>
 */
function studio_data_pot_arguments( array $tokens, int $i ): array {
	$args  = array();
	$depth = 0;
	$value = null;
	$parts = 0;
	for ( ; $i < count( $tokens ); $i++ ) {
		$token = $tokens[ $i ];
		if ( '(' === $token || '[' === $token ) {
			++$depth;
		} elseif ( ( ')' === $token || ']' === $token ) && 0 === $depth-- ) {
			$args[] = 1 === $parts ? $value : null;
			return $args;
		} elseif ( ',' === $token && 0 === $depth ) {
			$args[] = 1 === $parts ? $value : null;
			$value  = null;
			$parts  = 0;
			continue;
		}
		++$parts;
		if ( is_array( $token ) && T_CONSTANT_ENCAPSED_STRING === $token[0] ) {
			$literal = $token[1];
			$value   = "'" === $literal[0] ? strtr( substr( $literal, 1, -1 ), array( "\\\\" => "\\", "\\'" => "'" ) ) : stripcslashes( substr( $literal, 1, -1 ) );
		}
	}
	return $args;
}

/**
 * JavaScript/TypeScript as PHP-like tokens (strings, names, comments, punctuation), enough to find
 * gettext calls and their literal arguments.
 *
 * @return list<array{0:int,1:string,2:int}|string>
 */
function studio_data_pot_js_tokens( string $source ): array {
	$pattern = '~(/\*[\s\S]*?\*/|//[^\n]*)|(\'(?:\\\\.|[^\'\\\\\n])*\'|"(?:\\\\.|[^"\\\\\n])*")|(`(?:\\\\.|[^`\\\\])*`)|([A-Za-z_$][\w$]*)|(\s+)|(.)~';
	preg_match_all( $pattern, $source, $matches, PREG_SET_ORDER | PREG_OFFSET_CAPTURE );
	$tokens = array();
	foreach ( $matches as $match ) {
		$line = substr_count( $source, "\n", 0, $match[0][1] ) + 1;
		if ( '' !== ( $match[1][0] ?? '' ) ) {
			$tokens[] = array( T_COMMENT, $match[1][0], $line );
		} elseif ( '' !== ( $match[2][0] ?? '' ) ) {
			// Read like a double-quoted literal: JavaScript escapes are C-like.
			$tokens[] = array( T_CONSTANT_ENCAPSED_STRING, '"' . substr( $match[2][0], 1, -1 ) . '"', $line );
		} elseif ( '' !== ( $match[3][0] ?? '' ) ) {
			$tokens[] = array( T_ENCAPSED_AND_WHITESPACE, $match[3][0], $line );
		} elseif ( '' !== ( $match[4][0] ?? '' ) ) {
			$tokens[] = array( T_STRING, $match[4][0], $line );
		} elseif ( '' !== ( $match[6][0] ?? '' ) ) {
			$tokens[] = $match[6][0];
		}
	}
	return $tokens;
}

/** A block's title, description and keywords, and its variations', with the contexts `wp i18n make-pot` gives them. */
function studio_data_pot_block_json( array &$entries, string $plugin, string $relative ): void {
	$block = json_decode( (string) file_get_contents( "$plugin/$relative" ), true );
	if ( ! is_array( $block ) || ( $block['textdomain'] ?? '' ) !== 'studio-data' ) {
		return;
	}
	$texts = array(
		'block title'       => array( $block['title'] ?? null ),
		'block description' => array( $block['description'] ?? null ),
		'block keyword'     => is_array( $block['keywords'] ?? null ) ? $block['keywords'] : array(),
	);
	// Variations are translated by WordPress too (block-i18n.json), under contexts of their own.
	foreach ( is_array( $block['variations'] ?? null ) ? $block['variations'] : array() as $variation ) {
		$texts['block variation title'][]       = $variation['title'] ?? null;
		$texts['block variation description'][] = $variation['description'] ?? null;
		foreach ( is_array( $variation['keywords'] ?? null ) ? $variation['keywords'] : array() as $keyword ) {
			$texts['block variation keyword'][] = $keyword;
		}
	}
	foreach ( $texts as $context => $values ) {
		foreach ( $values as $text ) {
			if ( is_string( $text ) && '' !== $text ) {
				$entries[ $context . "\x04" . $text ]           ??= array( 'msgid' => $text, 'plural' => null, 'context' => $context, 'refs' => array(), 'comments' => array() );
				$entries[ $context . "\x04" . $text ]['refs'][] = $relative;
			}
		}
	}
}

function studio_data_pot_string( string $text ): string {
	return '"' . addcslashes( $text, "\\\"\n\t" ) . '"';
}

$pot = "# Copyright (C) Studio Data\n# This file is distributed under the GPL-2.0-or-later.\nmsgid \"\"\nmsgstr \"\"\n"
	. "\"Project-Id-Version: Studio Data\\n\"\n\"MIME-Version: 1.0\\n\"\n\"Content-Type: text/plain; charset=UTF-8\\n\"\n\"Content-Transfer-Encoding: 8bit\\n\"\n"
	. "\"Language-Team: LANGUAGE <LL@li.org>\\n\"\n\"X-Domain: studio-data\\n\"\n";
foreach ( $entries as $entry ) {
	$pot .= "\n";
	foreach ( array_keys( $entry['comments'] ) as $comment ) {
		$pot .= '#. ' . $comment . "\n";
	}
	$pot .= '#: ' . implode( ' ', $entry['refs'] ) . "\n";
	if ( str_contains( $entry['msgid'], '%' ) ) {
		$pot .= str_ends_with( explode( ':', $entry['refs'][0] )[0], '.php' ) ? "#, php-format\n" : "#, js-format\n";
	}
	if ( null !== $entry['context'] ) {
		$pot .= 'msgctxt ' . studio_data_pot_string( $entry['context'] ) . "\n";
	}
	$pot .= 'msgid ' . studio_data_pot_string( $entry['msgid'] ) . "\n";
	if ( null !== $entry['plural'] ) {
		$pot .= 'msgid_plural ' . studio_data_pot_string( $entry['plural'] ) . "\nmsgstr[0] \"\"\nmsgstr[1] \"\"\n";
	} else {
		$pot .= "msgstr \"\"\n";
	}
}

if ( in_array( '--check', $argv, true ) ) {
	// Only the plugin's PHP strings are checked (the blocks' PHP included): the editor's (TypeScript,
	// block.json) change with their own work, and `npm run plugin-zip` writes a complete .pot anyway.
	$committed = is_file( $target ) ? (string) file_get_contents( $target ) : '';
	$missing   = array();
	foreach ( $entries as $entry ) {
		$own = array_filter( $entry['refs'], static fn ( $ref ) => ! preg_match( '#^\.\./blocks/.*\.(js|jsx|ts|tsx|json)(:|$)#', $ref ) );
		$id  = ( null !== $entry['context'] ? 'msgctxt ' . studio_data_pot_string( $entry['context'] ) . "\n" : '' ) . 'msgid ' . studio_data_pot_string( $entry['msgid'] ) . "\n";
		if ( array() !== $own && ! str_contains( $committed, $id ) ) {
			$missing[] = $entry['msgid'];
		}
	}
	if ( array() !== $missing ) {
		fwrite( STDERR, "languages/studio-data.pot lacks:\n  " . implode( "\n  ", $missing ) . "\nRun php plugin/bin/make-pot.php\n" );
		exit( 1 );
	}
	echo "languages/studio-data.pot has every string of the plugin's own PHP\n";
	exit( 0 );
}
file_put_contents( $target, $pot );
echo "languages/studio-data.pot: " . count( $entries ) . " strings\n";
