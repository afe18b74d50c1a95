import { request } from './http';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Waits until a started server answers /readyz with 200; fails with the server's output otherwise. */
export async function waitUntilReady(baseUrl: string, timeoutMs: number, output: () => string): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const response = await request(baseUrl, '/readyz').catch(() => null);
    if (response?.status === 200) return;
    await sleep(100);
  }
  throw new Error(`the server was not ready within ${timeoutMs} ms; its output:\n${output()}`);
}
