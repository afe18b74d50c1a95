/**
 * The dance types' colours of the schedule, as the renderer (timetable.php) assigns them: the colour
 * picked for a type (`danceTypeColors`, "Type:#rrggbb"), else the palette's (`palette`, block.json's
 * accessible default) in the studio's order of dance types.
 */

/** WCAG's relative luminance of a #rrggbb colour. */
function luminance(hex: string): number {
  const channels = [1, 3, 5].map((at) => parseInt(hex.slice(at, at + 2), 16) / 255);
  const [red, green, blue] = channels.map((channel) => (channel <= 0.03928 ? channel / 12.92 : ((channel + 0.055) / 1.055) ** 2.4));
  return 0.2126 * red! + 0.7152 * green! + 0.0722 * blue!;
}

/** The contrast ratio of two #rrggbb colours (1 to 21); AA asks 4.5 of text, 3 of a graphic. */
export function contrastRatio(first: string, second: string): number {
  const [lighter, darker] = [luminance(first), luminance(second)].sort((a, b) => b - a);
  return (lighter! + 0.05) / (darker! + 0.05);
}

/** The colours picked in the block, lower-cased type name => colour. */
export function pickedColors(pairs: string[]): Map<string, string> {
  const picked = new Map<string, string>();
  for (const pair of pairs) {
    const at = pair.lastIndexOf(':');
    if (at > 0) picked.set(pair.slice(0, at).trim().toLowerCase(), pair.slice(at + 1).toLowerCase());
  }
  return picked;
}

/** The colour a dance type gets: its pick, else the palette's colour at the type's place among the studio's types. */
export function danceTypeColor(typeName: string, typeIndex: number, pairs: string[], palette: string[]): string | undefined {
  return pickedColors(pairs).get(typeName.toLowerCase()) ?? (palette.length > 0 ? palette[typeIndex % palette.length] : undefined);
}

/** The block's picks with one type's colour changed (undefined: back to the palette's). */
export function withColor(pairs: string[], typeName: string, color: string | undefined): string[] {
  const others = pairs.filter((pair) => pair.slice(0, pair.lastIndexOf(':')).trim().toLowerCase() !== typeName.toLowerCase());
  return color === undefined ? others : [...others, `${typeName}:${color.toLowerCase()}`];
}
