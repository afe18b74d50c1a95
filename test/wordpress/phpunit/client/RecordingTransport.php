<?php
use StudioData\Client\HttpResponse;
use StudioData\Client\Sender;
use StudioData\Client\Transport;

/** A transport that answers from a script and records what was asked: the client's own unit tests. */
final class RecordingTransport implements Transport, Sender {
	/** @var list<array{url:string,headers:array<string,string>,method?:string,body?:?string}> */
	public array $requests = array();

	/** @param list<HttpResponse|\Throwable> $answers */
	public function __construct( private array $answers ) {
	}

	public static function json( int $status, mixed $body, array $headers = array() ): HttpResponse {
		return new HttpResponse( $status, $headers + array( 'Content-Type' => $status < 400 ? 'application/json' : 'application/problem+json' ), json_encode( $body ) );
	}

	public function get( string $url, array $headers ): HttpResponse {
		$this->requests[] = array( 'url' => $url, 'headers' => $headers );
		return $this->next( $url );
	}

	public function send( string $method, string $url, array $headers, ?string $body ): HttpResponse {
		$this->requests[] = array( 'url' => $url, 'headers' => $headers, 'method' => $method, 'body' => $body );
		return $this->next( $url );
	}

	private function next( string $url ): HttpResponse {
		$answer = array_shift( $this->answers );
		if ( $answer instanceof \Throwable ) {
			throw $answer;
		}
		return $answer ?? throw new \LogicException( 'No scripted answer left for ' . $url );
	}
}
