import { describe, expect, inject, it } from 'vitest';
import { createStudioDataClient } from '../../src/index.js';
import { thisWeek } from '../../examples/node/this-week.js';
import { DEMO_STUDIO } from '../support/studio-server.js';

const apiUrl = inject('apiUrl');

describe('The plain TypeScript example', () => {
  it('When it runs against the demo studio, then it prints the studio, then each class and event with its booking link', async () => {
    const lines = await thisWeek(apiUrl);
    const client = createStudioDataClient({ baseUrl: apiUrl, studio: DEMO_STUDIO, cache: false });
    const [classes, events] = await Promise.all([client.classes(), client.events()]);
    expect(lines[0]).toMatch(/^Salsa City: Salsa City is a social dance school/);
    expect(lines.length).toBe(1 + classes.length + events.length);
    expect(lines.slice(1).map((line) => line.split(' → ')[1])).toEqual([...classes, ...events].map((item) => `${apiUrl}/book/${item.id}`));
  });
});
