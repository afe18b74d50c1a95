import { Utf8Chunks } from '../../server/src/domain/calendar/utf8-chunks';

describe('a calendar feed written in chunks', () => {
  it('When text of one- to four-octet characters is written across many chunks, then the bytes are those of the whole text in UTF-8, between what comes before and after', () => {
    const pieces = Array.from({ length: 20_000 }, (_, index) => ['BEGIN:VEVENT\r\n', `SUMMARY:Clase ${index} de iniciación\r\n`, 'LOCATION:Café Olé 💃 — ☃\r\n'][index % 3] as string);
    const chunks = new Utf8Chunks();
    for (const piece of pieces) chunks.write(piece);
    chunks.write('x'.repeat(100_000)); // longer than a chunk on its own
    const bytes = chunks.bytes('BEGIN:VCALENDAR\r\n', 'END:VCALENDAR\r\n');
    expect(bytes.equals(Buffer.from(`BEGIN:VCALENDAR\r\n${pieces.join('')}${'x'.repeat(100_000)}END:VCALENDAR\r\n`))).toBe(true);
  });

  it('When nothing is written, then the bytes are what comes before and after', () => {
    expect(new Utf8Chunks().bytes('a', 'b').toString()).toBe('ab');
  });
});
