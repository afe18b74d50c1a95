/**
 * RFC 5545 line folding (3.1): a content line longer than 75 octets is split, each following part
 * starting with a space, never inside a character. ical-generator folds as well, but encodes every
 * character of the output on its own to count its octets: over a 14-week feed (about 1.7 MB) that
 * took seconds of CPU. Here an ASCII line (most of a feed's: times, links, English text) is cut by
 * slicing, and only a line with other characters is read a code point at a time.
 */
const MAX_OCTETS = 75;

export function foldLines(text: string): string {
  return text.split('\r\n').map(foldContentLine).join('\r\n');
}

/** One content line (no CRLF inside), folded when it is longer than 75 octets. */
export function foldContentLine(line: string): string {
  // At most 25 UTF-16 units are at most 75 octets (3 a unit at most) whatever the characters.
  if (line.length <= 25) return line;
  if (!NON_ASCII.test(line)) return line.length <= MAX_OCTETS ? line : foldAscii(line);
  return Buffer.byteLength(line) <= MAX_OCTETS ? line : foldLine(line);
}

const NON_ASCII = /[\u0080-\uffff]/;

/** An ASCII line (one octet a character) folded by slicing: 75 characters, then 74 after each leading space. */
function foldAscii(line: string): string {
  let folded = line.slice(0, MAX_OCTETS);
  for (let start = MAX_OCTETS; start < line.length; start += MAX_OCTETS - 1) folded += `\r\n ${line.slice(start, start + MAX_OCTETS - 1)}`;
  return folded;
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
