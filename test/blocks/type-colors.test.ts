import schedule from '../../blocks/class-schedule/block.json';
import { contrastRatio, danceTypeColor, withColor } from '../../blocks/class-schedule/type-colors';

test('The schedule’s default palette of dance type colours reads as text on white (WCAG AA, 4.5:1), and the contrast is measured as WCAG does', () => {
  expect(contrastRatio('#000000', '#ffffff')).toBeCloseTo(21, 5);
  expect(contrastRatio('#777777', '#ffffff')).toBeCloseTo(4.48, 2);
  const palette = schedule.attributes.palette.default;
  expect(palette.length).toBeGreaterThanOrEqual(6);
  expect(new Set(palette).size).toBe(palette.length);
  for (const color of palette) expect({ color, readable: contrastRatio(color, '#ffffff') >= 4.5 }).toEqual({ color, readable: true });
});

test('A dance type takes its picked colour, else the palette’s at its place (round again past the end); a new pick replaces the old and clearing it goes back to the palette', () => {
  const palette = ['#111111', '#222222'];
  expect(danceTypeColor('Zouk', 2, [], palette)).toBe('#111111');
  expect(danceTypeColor('zouk', 2, ['Zouk:#ABCDEF'], palette)).toBe('#abcdef');
  expect(withColor(['Zouk:#abcdef', 'Salsa:#000000'], 'zouk', '#123456')).toEqual(['Salsa:#000000', 'zouk:#123456']);
  expect(withColor(['Zouk:#abcdef'], 'Zouk', undefined)).toEqual([]);
});
