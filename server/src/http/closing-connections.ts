import http, { type OutgoingHttpHeader, type OutgoingHttpHeaders, type ServerResponse } from 'node:http';

/**
 * A `writeHead` that, once the server has begun to stop, makes the answer say `Connection: close`
 * and end its keep-alive connection: a client that keeps its connections open (a reverse proxy)
 * would otherwise hold the process until it hung up, and server.ts would wait for its drain timeout
 * before closing the connection by force. Decided when the headers go out, so nothing is tracked
 * per request.
 *
 * It goes on every prototype a response is made of: the server's own responses (server.ts), and
 * Express's `app.response`, which Express gives each request it handles in their place (app.ts).
 */
export function closingWriteHead<Response extends ServerResponse>(isStopping: () => boolean): Response['writeHead'] {
  type Headers = OutgoingHttpHeaders | OutgoingHttpHeader[];
  // Node's writeHead, by its first overload: a second argument that is not a string is read as the headers.
  const writeHead = http.ServerResponse.prototype.writeHead as (this: ServerResponse, statusCode: number, statusMessage?: string, headers?: Headers) => ServerResponse;
  // Named arguments, not a rest array: this runs for every answer, cache hits included.
  return function writeHeadClosingWhenStopping(this: Response, statusCode: number, messageOrHeaders?: string | Headers, headers?: Headers) {
    if (isStopping()) this.shouldKeepAlive = false;
    return writeHead.call(this, statusCode, messageOrHeaders as string | undefined, headers) as Response;
  } as Response['writeHead'];
}
