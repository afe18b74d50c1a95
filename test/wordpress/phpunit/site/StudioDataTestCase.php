<?php
use PHPUnit\Framework\TestCase;

/**
 * Each test runs in a database transaction that is rolled back, so options, transients, users and
 * last good copies it writes vanish with it. Hooks it adds are removed. HTTP requests the plugin makes
 * are counted (http_api_debug), and the API can be taken down for real (requests sent to a closed port).
 */
abstract class StudioDataTestCase extends TestCase {
	/** @var list<array{0:string,1:callable,2:int}> */
	private array $hooks = array();
	/** @var list<array{url:string,status:int|string,if_none_match:?string,etag:string}> */
	protected array $api_requests = array();

	protected function setUp(): void {
		global $wpdb;
		$wpdb->query( 'SET autocommit = 0' );
		$wpdb->query( 'START TRANSACTION' );
		wp_cache_flush();
		wp_set_current_user( 0 );
		// Each test is a page view of its own, with the view's whole time for the API.
		studio_data_page_budget()->restart();
		$this->addHook(
			'http_api_debug',
			function ( $response, $context, $class, $args, $url ) {
				$this->api_requests[] = array(
					'url'           => $url,
					'status'        => is_wp_error( $response ) ? $response->get_error_code() : wp_remote_retrieve_response_code( $response ),
					'if_none_match' => $args['headers']['If-None-Match'] ?? null,
					'etag'          => is_wp_error( $response ) ? '' : (string) wp_remote_retrieve_header( $response, 'etag' ),
				);
			},
			10,
			5
		);
	}

	protected function tearDown(): void {
		global $wpdb;
		foreach ( $this->hooks as [ $hook, $callback, $priority ] ) {
			remove_filter( $hook, $callback, $priority );
		}
		$wpdb->query( 'ROLLBACK' );
		$wpdb->query( 'SET autocommit = 1' );
		wp_cache_flush();
		wp_set_current_user( 0 );
	}

	protected function addHook( string $hook, callable $callback, int $priority = 10, int $args = 1 ): void {
		add_filter( $hook, $callback, $priority, $args );
		$this->hooks[] = array( $hook, $callback, $priority );
	}

	/** @param array<string,mixed> $settings */
	protected function configure( array $settings ): void {
		update_option( STUDIO_DATA_OPTION, array_merge( (array) get_option( STUDIO_DATA_OPTION, array() ), $settings ) );
	}

	/** From now on the API is down: every request goes to a port where nothing listens. */
	protected function takeApiDown(): void {
		$this->addHook(
			'pre_http_request',
			static function ( $pre, $args, $url ) {
				static $inside = false;
				if ( $inside || false !== $pre ) {
					return $pre;
				}
				$inside = true;
				try {
					return wp_remote_get( (string) preg_replace( '#^https?://[^/]+#', 'http://127.0.0.1:9', $url ), $args );
				} finally {
					$inside = false;
				}
			},
			10,
			3
		);
	}

	/**
	 * From now on the API answers requests whose URL contains $url_part with this response (an answer
	 * the real server would never send: malformed lists, 429s); other requests go through.
	 *
	 * @param array<string,string> $headers
	 */
	protected function answerApiWith( string $url_part, int $status, string $body, array $headers = array( 'content-type' => 'application/json' ) ): void {
		$this->addHook(
			'pre_http_request',
			static function ( $pre, $args, $url ) use ( $url_part, $status, $body, $headers ) {
				if ( ! str_contains( $url, $url_part ) ) {
					return $pre;
				}
				return array(
					'headers'  => $headers,
					'body'     => $body,
					'response' => array(
						'code'    => $status,
						'message' => get_status_header_desc( $status ),
					),
					'cookies'  => array(),
					'filename' => null,
				);
			},
			10,
			3
		);
	}

	/** A GET on the plugin's REST namespace, as the current user. */
	protected function restGet( string $route, array $query = array() ): WP_REST_Response {
		$request = new WP_REST_Request( 'GET', '/studio-data/v1' . $route );
		$request->set_query_params( $query );
		return rest_do_request( $request );
	}

	protected function userWithRole( string $role ): int {
		$id = wp_insert_user(
			array(
				'user_login' => $role . '-' . wp_generate_password( 6, false ),
				'user_pass'  => wp_generate_password(),
				'role'       => $role,
			)
		);
		$this->assertIsInt( $id );
		return $id;
	}

	protected function liveStudio(): string {
		return (string) getenv( 'STUDIO_DATA_LIVE_STUDIO' );
	}

	protected function madridStudio(): string {
		return (string) getenv( 'STUDIO_DATA_MADRID_STUDIO' );
	}

	protected function hostileStudio(): string {
		return (string) getenv( 'STUDIO_DATA_HOSTILE_STUDIO' );
	}
}
