/**
 * The listings' order: start, name, id. The database is only asked for the order its index gives
 * for free (classes: the primary key's start, id); occurrences that start together are put in name
 * order here. With the stored entries (blobs) in the rows, MariaDB could not sort them in its sort
 * buffer and read every row twice. Names and ids compare by code point, as both databases compare
 * them (binary collation).
 */
export function inListingOrder<T extends { starts_at: number | string; name: string; id: string }>(rows: T[]): T[] {
  return rows.sort((a, b) => Number(a.starts_at) - Number(b.starts_at) || compareCodePoints(a.name, b.name) || compareCodePoints(a.id, b.id));
}

function compareCodePoints(a: string, b: string): number {
  if (a === b) return 0;
  const length = Math.min(a.length, b.length);
  for (let index = 0; index < length; index++) {
    const x = a.charCodeAt(index);
    const y = b.charCodeAt(index);
    if (x !== y) return codePointRank(x) - codePointRank(y);
  }
  return a.length - b.length;
}

/** UTF-16 units in code point order: surrogates (halves of code points above U+FFFF) go after U+E000-U+FFFF. */
const codePointRank = (unit: number) => (unit >= 0xd800 && unit <= 0xdfff ? unit + 0x2000 : unit >= 0xe000 ? unit - 0x800 : unit);
