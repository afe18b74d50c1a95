import { newRequestId } from '../../server/src/http/middleware/request-ids';

const VERSION_4_UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe("the request ids the server gives requests that bring none of their own (X-Request-Id)", () => {
  it('When many requests come in, then each gets a version 4 UUID of its own, across the batches of random bytes drawn ahead', () => {
    const ids = Array.from({ length: 10_000 }, () => newRequestId());
    expect(ids.filter((id) => !VERSION_4_UUID.test(id))).toEqual([]);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('When the ids are read one by one, then every hex digit of the random part takes every value (the bytes are random, not a counter)', () => {
    const ids = Array.from({ length: 2_000 }, () => newRequestId().replace(/-/g, ''));
    // Positions 12 (the version) and 16 (the variant) are fixed in part; every other one varies.
    for (const position of [0, 5, 11, 13, 20, 31]) expect(new Set(ids.map((id) => id[position])).size).toBe(16);
  });
});
