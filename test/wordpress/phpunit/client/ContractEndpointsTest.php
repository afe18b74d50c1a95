<?php
use PHPUnit\Framework\TestCase;
use StudioData\Client\Endpoint;

/**
 * The PHP client's endpoint list against the contract (contract/openapi.json): one Endpoint case
 * per path, with the contract's path parameters, `from` where the contract takes it, a list where
 * the contract answers an array, and a named method of EndpointMethods for each.
 */
final class ContractEndpointsTest extends TestCase {
	/**
	 * @return array<string,array<string,mixed>> Path template => path item of the JSON endpoints: the API's own document and the
	 *                                           calendar feed (text/calendar, named by Client::calendarLinks()) left out.
	 */
	private static function contract_paths(): array {
		$document = json_decode( (string) file_get_contents( dirname( __DIR__, 4 ) . '/contract/openapi.json' ), true, 512, JSON_THROW_ON_ERROR );
		$paths    = $document['paths'];
		unset( $paths['/api/public/openapi.json'] );
		return array_filter( $paths, static fn ( array $item ): bool => isset( $item['get']['responses']['200']['content']['application/json'] ) );
	}

	/** The contract's path template of an endpoint: its path with each parameter named as the contract names it. */
	private static function template_of( Endpoint $endpoint ): string {
		$placeholders = array();
		foreach ( $endpoint->pathParameters() as $name ) {
			$placeholders[ $name ] = 'PARAM' . count( $placeholders ) . 'X';
		}
		$path = $endpoint->pathFor( $placeholders + array( 'from' => '2026-03-23' ) );
		$path = strtok( $path, '?' );
		foreach ( $placeholders as $name => $placeholder ) {
			// studio_id → {studioId}: the client's names are the contract's in snake case.
			$path = str_replace( $placeholder, '{' . lcfirst( str_replace( '_', '', ucwords( $name, '_' ) ) ) . '}', $path );
		}
		return '/api/public' . $path;
	}

	public function test_there_is_one_endpoint_per_path_of_the_contract(): void {
		$templates = array_map( self::template_of( ... ), Endpoint::cases() );
		sort( $templates );
		$expected = array_keys( self::contract_paths() );
		sort( $expected );
		$this->assertSame( $expected, $templates );
	}

	public function test_each_endpoint_takes_from_and_answers_a_list_as_the_contract_says(): void {
		$paths = self::contract_paths();
		foreach ( Endpoint::cases() as $endpoint ) {
			$item       = $paths[ self::template_of( $endpoint ) ] ?? null;
			$this->assertNotNull( $item, $endpoint->name );
			$parameters = array_map( static fn ( array $parameter ): string => $parameter['name'] ?? basename( $parameter['$ref'] ), array_merge( $item['parameters'] ?? array(), $item['get']['parameters'] ?? array() ) );
			$answer     = $item['get']['responses']['200']['content']['application/json']['schema'];
			$queries    = array_map( static fn ( string $name ): string => strtolower( (string) preg_replace( '/[A-Z]/', '_$0', $name ) ), array_values( array_filter( $parameters, static fn ( string $name ): bool => ! in_array( $name, array( 'studioId', 'userId', 'typeName', 'classId', 'instructorId' ), true ) ) ) );
			$this->assertSame(
				array( 'takes from' => in_array( 'from', $parameters, true ), 'answers a list' => 'array' === ( $answer['type'] ?? null ), 'query' => $queries ),
				array( 'takes from' => $endpoint->takesFrom(), 'answers a list' => $endpoint->answersList(), 'query' => $endpoint->queryParameters() ),
				$endpoint->name
			);
		}
	}

	public function test_each_endpoint_has_a_named_method(): void {
		$methods = (string) file_get_contents( dirname( __DIR__, 4 ) . '/plugin/includes/client/EndpointMethods.php' );
		foreach ( Endpoint::cases() as $endpoint ) {
			$this->assertStringContainsString( 'Endpoint::' . $endpoint->name . ',', $methods, 'EndpointMethods has no method for ' . $endpoint->name );
		}
	}
}
