<?php
namespace StudioData\WordPress;

use StudioData\Client\HttpResponse;
use StudioData\Client\Sender;
use StudioData\Client\Transport;
use StudioData\Client\Unavailable;

defined( 'ABSPATH' ) || exit;

/**
 * The client's transport on wp_remote_get, with a short timeout so a slow API never holds a page.
 * With a page budget, a call waits no longer than what is left of the view's time for the API, and
 * none starts once the view has spent it or has had a call fail without an answer.
 */
final class WpTransport implements Transport, Sender {
	/** 2 MB: far above any studio's answer. */
	public const MAX_RESPONSE_BYTES = 2097152;

	/**
	 * @param float $timeout   Seconds for the whole request.
	 * @param int   $max_bytes A larger answer is cut (then fails decoding as invalid_response).
	 * @param PageBudget|null $budget The page view's time for the API (the bridge's); null: none.
	 */
	public function __construct( private float $timeout, private int $max_bytes = self::MAX_RESPONSE_BYTES, private ?PageBudget $budget = null ) {
	}

	public function get( string $url, array $headers ): HttpResponse {
		return $this->send( 'GET', $url, $headers, null );
	}

	public function send( string $method, string $url, array $headers, ?string $body ): HttpResponse {
		if ( null !== $this->budget && ! $this->budget->allowsCall() ) {
			throw new Unavailable( 'The page has spent its time for the API.', 'timeout' );
		}
		$timeout  = null === $this->budget ? $this->timeout : min( $this->timeout, $this->budget->remaining() );
		$started  = microtime( true );
		$response = wp_remote_request(
			$url,
			array(
				'method'              => $method,
				'body'                => $body,
				'timeout'             => $timeout,
				// A studio key is never carried to wherever a redirect points.
				'redirection'         => isset( $headers['Authorization'] ) ? 0 : 2,
				'limit_response_size' => $this->max_bytes,
				'headers'             => $headers,
				'user-agent'          => 'studio-data-wordpress/' . STUDIO_DATA_VERSION . '; ' . home_url( '/' ),
			)
		);
		$this->budget?->record( microtime( true ) - $started, is_wp_error( $response ) );
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
