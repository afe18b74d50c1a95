import { StoreUnavailableError } from './errors';

/** Settles with the promise, or with StoreUnavailableError after `ms`: a hung database must not hang requests. */
export function withDeadline<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new StoreUnavailableError(new Error(`no answer within ${ms} ms`))), ms);
  });
  return Promise.race([promise, deadline]).finally(() => clearTimeout(timer));
}
