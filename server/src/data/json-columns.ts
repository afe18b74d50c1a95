/** JSON text columns, read defensively: a damaged value yields the empty value, not a failed request. */
export function readJson<T>(text: string | null, fallback: T): T {
  if (text === null) return fallback;
  try {
    return JSON.parse(text) as T;
  } catch {
    return fallback;
  }
}

export const flag = (value: number | null): boolean | null => (value === null ? null : value !== 0);
export const toFlag = (value: boolean | null): number | null => (value === null ? null : value ? 1 : 0);
