/**
 * RFC 5545 line folding (3.1): a content line longer than 75 octets is split, each following part
 * starting with a space, never inside a character. ical-generator folds as well, but encodes every
 * character of the output on its own to count its octets: over a 14-week feed (about 1.7 MB) that
 * took seconds of CPU. Here the octets of a character are read from its code point.
 */
const MAX_OCTETS = 75;

export function foldLines(text: string): string {
  return text.split('\r\n').map(foldContentLine).join('\r\n');
}

/** One content line (no CRLF inside), folded when it is longer than 75 octets. */
export function foldContentLine(line: string): string {
  return fitsOneLine(line) ? line : foldLine(line);
}

/** Whether the line has at most 75 octets; a line of at most 25 UTF-16 units has (3 octets a unit at most), so only longer ones are counted. */
function fitsOneLine(line: string): boolean {
  return line.length <= 25 || (line.length <= MAX_OCTETS && Buffer.byteLength(line) <= MAX_OCTETS);
}

function foldLine(line: string): string {
  const parts: string[] = [];
  let start = 0;
  // The first part holds 75 octets; each next one 74 after its leading space.
  let room = MAX_OCTETS;
  let used = 0;
  for (let index = 0; index < line.length; ) {
    const codePoint = line.codePointAt(index) as number;
    const units = codePoint > 0xffff ? 2 : 1;
    const octets = codePoint < 0x80 ? 1 : codePoint < 0x800 ? 2 : codePoint < 0x10000 ? 3 : 4;
    if (used + octets > room) {
      parts.push(line.slice(start, index));
      start = index;
      room = MAX_OCTETS - 1;
      used = 0;
    }
    used += octets;
    index += units;
  }
  parts.push(line.slice(start));
  return parts.join('\r\n ');
}
