<?php
namespace StudioData\Client;

// Loaded by WordPress or by another PHP program (the client works without WordPress), never requested directly.
defined( 'ABSPATH' ) || count( get_included_files() ) > 1 || exit;

/** A transport on PHP's own http stream wrapper: no extension or framework needed. */
final class StreamTransport implements Transport, Sender {
	/**
	 * @param float $timeout Seconds to wait for the connection and for each read.
	 */
	public function __construct( private float $timeout = 5.0, private string $user_agent = 'studio-data-php' ) {
	}

	public function get( string $url, array $headers ): HttpResponse {
		return $this->send( 'GET', $url, $headers, null );
	}

	public function send( string $method, string $url, array $headers, ?string $body ): HttpResponse {
		$lines = array( 'User-Agent: ' . $this->user_agent );
		foreach ( $headers as $name => $value ) {
			$lines[] = $name . ': ' . $value;
		}
		$options = null === $body ? array() : array( 'content' => $body );
		$context = stream_context_create(
			array(
				'http' => $options + array(
					'method'          => $method,
					'header'          => implode( "\r\n", $lines ),
					'timeout'         => $this->timeout,
					'ignore_errors'   => true,
					// A key is never carried to wherever a redirect points.
					'follow_location' => isset( $headers['Authorization'] ) ? 0 : 1,
					'max_redirects'   => 3,
					'protocol_version' => 1.1,
				),
			)
		);
		$error = null;
		set_error_handler(
			static function ( int $level, string $message ) use ( &$error ): bool {
				$error = $message;
				return true;
			}
		);
		try {
			$answer = file_get_contents( $url, false, $context );
		} finally {
			restore_error_handler();
		}
		$status_lines = $http_response_header ?? array();
		if ( false === $answer || array() === $status_lines ) {
			$timed_out = null !== $error && str_contains( strtolower( $error ), 'timed out' );
			throw new Unavailable(
				$timed_out ? 'The API did not answer in time.' : 'The API could not be reached' . ( $error ? ': ' . preg_replace( '/^.*?: /', '', $error ) : '.' ),
				$timed_out ? 'timeout' : 'network_error'
			);
		}
		return self::parse( $status_lines, $answer );
	}

	/**
	 * The last response's status and headers (after redirects).
	 *
	 * @param list<string> $lines $http_response_header.
	 */
	private static function parse( array $lines, string $body ): HttpResponse {
		$status  = 0;
		$headers = array();
		foreach ( $lines as $line ) {
			if ( preg_match( '#^HTTP/\S+\s+(\d{3})#', $line, $match ) ) {
				$status  = (int) $match[1];
				$headers = array();
			} elseif ( str_contains( $line, ':' ) ) {
				[ $name, $value ]   = explode( ':', $line, 2 );
				$headers[ trim( $name ) ] = trim( $value );
			}
		}
		return new HttpResponse( $status, $headers, $body );
	}
}
