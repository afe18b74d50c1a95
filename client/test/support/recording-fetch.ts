import type { FetchFunction } from '../../src/index.js';

export interface Exchange {
  url: string;
  ifNoneMatch: string | null;
  signal: AbortSignal | undefined;
  status?: number;
}

/** The real fetch, recording what each request sent (at once) and its status (once it answers). */
export function recordingFetch() {
  const exchanges: Exchange[] = [];
  const fetchFunction: FetchFunction = async (url, init) => {
    const exchange: Exchange = { url, ifNoneMatch: new Headers(init.headers).get('if-none-match'), signal: init.signal ?? undefined };
    exchanges.push(exchange);
    const response = await fetch(url, init);
    exchange.status = response.status;
    return response;
  };
  return { exchanges, fetchFunction };
}
