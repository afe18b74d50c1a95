/** Whether a studio's address is one to link to: an absolute http(s) URL (never `javascript:` or the like). */
export function isWebAddress(value: string | null | undefined): value is string {
  if (!value) return false;
  try {
    const url = new URL(value);
    return url.protocol === 'https:' || url.protocol === 'http:';
  } catch {
    return false;
  }
}
