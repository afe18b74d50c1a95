import type { TcpProxy } from '../support/tcp-proxy';
import type { WordPressSite } from './harness';

/** What visitors met while the API accepted connections and never answered. */
export interface HangingApiRun {
  /** Each simultaneous visitor's view, in ms (request sent to last byte), in the order they ended. */
  viewsMs: number[];
  /** Connections the plugin opened to the API during those views. */
  connections: number;
  /** The views after them, one at a time, in ms. */
  laterViewsMs: number[];
  /** Connections opened during the later views. */
  laterConnections: number;
  /** Whether every view (simultaneous and later) showed the text expected from the last good copies. */
  allShowedData: boolean;
}

/**
 * Plays an API that hangs: the page's answers are made stale (fresh copies forgotten, as when their
 * lifetime ends), the proxy in front of the API starts accepting connections without ever answering,
 * `visitors` open the page at once, then `later` more one after the other. Counts the connections
 * the proxy accepted. The API is reachable again afterwards (its held bytes are delivered).
 * Shared by the WordPress tests and the bench (bench/wordpress-bench.ts), which records the times.
 */
export async function visitWhileApiHangs(
  site: WordPressSite,
  proxy: TcpProxy,
  pageUrl: string,
  { visitors, later, expectedText }: { visitors: number; later: number; expectedText: string },
): Promise<HangingApiRun> {
  await site.wpEval('studio_data_flush_cache();');
  proxy.blackhole();
  try {
    const before = proxy.acceptedCount();
    const views = await Promise.all(Array.from({ length: visitors }, () => timedView(pageUrl)));
    const afterViews = proxy.acceptedCount();
    const laterViews: { ms: number; html: string }[] = [];
    for (let view = 0; view < later; view += 1) laterViews.push(await timedView(pageUrl));
    return {
      viewsMs: views.map((view) => view.ms).sort((a, b) => a - b),
      connections: afterViews - before,
      laterViewsMs: laterViews.map((view) => view.ms),
      laterConnections: proxy.acceptedCount() - afterViews,
      allShowedData: [...views, ...laterViews].every((view) => view.html.includes(expectedText)),
    };
  } finally {
    await proxy.restore();
  }
}

async function timedView(url: string): Promise<{ ms: number; html: string }> {
  const started = performance.now();
  const response = await fetch(url);
  const html = await response.text();
  if (response.status !== 200) throw new Error(`${url} answered ${response.status}`);
  return { ms: performance.now() - started, html };
}
