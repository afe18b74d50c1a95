<?php
namespace StudioData\WordPress;

use StudioData\Client\HttpResponse;
use StudioData\Client\Transport;
use StudioData\Client\Unavailable;

defined( 'ABSPATH' ) || exit;

/** The client's transport on wp_remote_get, with a short timeout so a slow API never holds a page. */
final class WpTransport implements Transport {
	/** 2 MB: far above any studio's answer. */
	public const MAX_RESPONSE_BYTES = 2097152;

	public function __construct( private float $timeout ) {
	}

	public function get( string $url, array $headers ): HttpResponse {
		$response = wp_remote_get(
			$url,
			array(
				'timeout'             => $this->timeout,
				'redirection'         => 2,
				// A larger answer is cut, then fails decoding as invalid_response.
				'limit_response_size' => self::MAX_RESPONSE_BYTES,
				'headers'             => $headers,
				'user-agent'          => 'studio-data-wordpress/' . STUDIO_DATA_VERSION . '; ' . home_url( '/' ),
			)
		);
		if ( is_wp_error( $response ) ) {
			$message   = $response->get_error_message();
			$timed_out = (bool) preg_match( '/timed out|timeout/i', $message );
			throw new Unavailable(
				// The message is the network error alone: studio_data_describe_error() says it in a sentence.
				$timed_out ? 'The API did not answer in time.' : $message,
				$timed_out ? 'timeout' : 'network_error'
			);
		}
		$headers = wp_remote_retrieve_headers( $response );
		$flat    = array();
		foreach ( ( is_object( $headers ) && method_exists( $headers, 'getAll' ) ) ? $headers->getAll() : (array) $headers as $name => $value ) {
			$flat[ (string) $name ] = is_array( $value ) ? implode( ', ', $value ) : (string) $value;
		}
		return new HttpResponse( (int) wp_remote_retrieve_response_code( $response ), $flat, (string) wp_remote_retrieve_body( $response ) );
	}
}
