import { ENDPOINTS } from '../../server/src/http/api/endpoint-table';
import { LONGEST_URL_KEPT, urlRoutes, type RouteOrNone } from '../../server/src/http/api/url-routes';

/** What a URL names, as the API's handler reads it. */
const reader = (urlsKept?: number) => {
  const routeOf = urlRoutes(ENDPOINTS, urlsKept);
  return (url: string) => routeOf({ url } as never);
};
const described = (route: RouteOrNone | 'not-the-api') =>
  typeof route === 'string' ? route : { operationId: route.endpoint.operationId, params: route.request.params, from: route.request.from, ownKey: route.ownKey };

describe('reading which endpoint a URL names', () => {
  it('When the same URL is asked again, then its first reading serves, and another query of the same path is read for itself', () => {
    const routeOf = reader();
    const first = routeOf('/api/public/studio/salsa-city/classes?from=2026-03-23');
    expect(routeOf('/api/public/studio/salsa-city/classes?from=2026-03-23')).toBe(first);
    expect(described(first)).toEqual({ operationId: 'listClasses', params: { studioId: 'salsa-city' }, from: '2026-03-23', ownKey: 'listClasses|2026-03-23' });
    expect(described(routeOf('/api/public/studio/salsa-city/classes?from=2026-03-30'))).toMatchObject({ from: '2026-03-30', ownKey: 'listClasses|2026-03-30' });
    expect(described(routeOf('/api/public/studio/salsa-city/classes'))).toMatchObject({ from: undefined, ownKey: 'listClasses|""' });
  });

  it('When more distinct URLs were asked than are kept, then every URL still names its own endpoint and parameters', () => {
    const routeOf = reader(3);
    const urls = Array.from({ length: 10 }, (_, index) => `/api/public/studio/studio-${index}/profile`);
    for (const url of [...urls, ...urls.reverse()]) {
      expect(described(routeOf(url))).toEqual({ operationId: 'getStudioProfile', params: { studioId: url.split('/')[4] }, from: undefined, ownKey: 'getStudioProfile' });
    }
  });

  it('When a URL is longer than those kept, then it is read afresh each time and still names its endpoint and query', () => {
    const routeOf = reader();
    const longType = 'x'.repeat(LONGEST_URL_KEPT);
    const url = `/api/public/studio/salsa-city/classes/${longType}`;
    const first = routeOf(url);
    const again = routeOf(url);
    expect(again).not.toBe(first);
    expect(described(again)).toEqual(described(first));
    expect(described(again)).toMatchObject({ operationId: 'listClassesByType', params: { studioId: 'salsa-city', typeName: longType } });
  });

  it('When a URL names no endpoint, or a parameter is not validly encoded, then asking again gives the same answer', () => {
    const routeOf = reader();
    for (let attempt = 0; attempt < 2; attempt++) {
      expect(routeOf('/api/public/studio/salsa-city/nothing-here')).toBe('no-such-endpoint');
      expect(routeOf('/api/public/studio/%E0%A4%A/profile')).toBe('badly-encoded');
    }
  });

  it('When a URL is outside the API (a booking page, a prefix that only looks like it), then it names no route, and once it is read it still does', () => {
    const routeOf = reader();
    for (let attempt = 0; attempt < 2; attempt++) {
      expect(routeOf('/book/salsa-mon-20260330?lang=es')).toBe('not-the-api');
      expect(routeOf('/api/publicity/studio/salsa-city/profile')).toBe('not-the-api');
      expect(described(routeOf('/API/Public/studio/salsa-city/profile'))).toMatchObject({ operationId: 'getStudioProfile' });
    }
  });
});
