import { request } from '../support/http';
import { startTestServer, type TestServer } from '../support/test-server';
import { databaseTargets } from '../support/databases';

/**
 * What a load balancer or an orchestrator sees of /healthz and /readyz on a running server. (A
 * database that stops answering, and a server told to stop: outage-and-shutdown.test.ts.)
 */
describe('health checks', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(databaseTargets()[0]!);
  });
  afterAll(() => server.stop());

  it.each([
    ['/healthz', 'ok'],
    ['/readyz', 'ready'],
  ])('When a load balancer asks %s, then it is answered 200 with its status as JSON, never kept by a cache, with a request id', async (path, status) => {
    const response = await request(server.url, path);
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ status });
    expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    expect(Number(response.headers['content-length'])).toBe(response.bytes.length);
  });

  it('When a check sends its own X-Request-Id, then the answer carries it back', async () => {
    const response = await request(server.url, '/readyz', { headers: { 'X-Request-Id': 'haproxy-check-1' } });
    expect(response.headers['x-request-id']).toBe('haproxy-check-1');
  });

  it('When a check asks with HEAD, then it gets the status and headers of GET and no body', async () => {
    const [get, head] = [await request(server.url, '/readyz'), await request(server.url, '/readyz', { method: 'HEAD' })];
    expect(head.status).toBe(200);
    expect(head.bytes.length).toBe(0);
    expect(head.headers['content-length']).toBe(get.headers['content-length']);
    expect(head.headers['content-type']).toBe(get.headers['content-type']);
  });

  it('When the path has a trailing slash, other letter case or a query, then it is the same check', async () => {
    for (const path of ['/healthz/', '/HEALTHZ', '/healthz?probe=1', '/ReadyZ/?from=k8s']) {
      const response = await request(server.url, path);
      expect({ path, status: response.status }).toEqual({ path, status: 200 });
    }
  });

  it('When something posts to a check or asks a path that only begins like one, then it is answered 404 as any unknown path', async () => {
    for (const [method, path] of [
      ['POST', '/healthz'],
      ['DELETE', '/readyz'],
      ['GET', '/healthzz'],
      ['GET', '/readyz/now'],
    ] as const) {
      const response = await request(server.url, path, { method });
      expect({ method, path, status: response.status }).toEqual({ method, path, status: 404 });
      expect(response.body).toMatchObject({ status: 404, code: 'not_found' });
    }
  });
});
