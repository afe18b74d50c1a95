import { eventuallyWithin } from './eventually-within';

describe('waiting for something to hold (test support)', () => {
  it('When the assertion holds on a later try, then the wait ends there', async () => {
    let tries = 0;
    await eventuallyWithin(async () => {
      tries += 1;
      if (tries < 3) throw new Error('not yet');
    }, 5_000);
    expect(tries).toBe(3);
  });

  it('When it never holds, then its last error is thrown once the time is up', async () => {
    let tries = 0;
    const thrown = await eventuallyWithin(async () => {
      tries += 1;
      throw new Error(`try ${tries}`);
    }, 250).catch((error: unknown) => error);
    expect(thrown).toEqual(new Error(`try ${tries}`));
    expect(tries).toBeGreaterThan(1);
  });
});
