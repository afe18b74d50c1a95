/** "1 package", "0 packages", "4 packages": a count in the command's words. */
export function counted(value: number, one: string, many: string): string {
  return `${value} ${value === 1 ? one : many}`;
}
