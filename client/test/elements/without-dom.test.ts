import { expect, it } from 'vitest';

it('When the elements module is imported where there is no DOM (server rendering), then it loads and defines nothing', async () => {
  expect(typeof globalThis.customElements).toBe('undefined');
  const elements = await import('@studio-data/client/elements');
  expect(typeof elements.StudioScheduleElement).toBe('function');
  expect(typeof elements.defineStudioElements).toBe('function');
});
