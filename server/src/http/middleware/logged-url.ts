import { redactStudioKeys } from '../../domain/studio-api/studio-keys';

/** A booking's own pages: the token in their path is all a student needs to cancel. */
const BOOKING_TOKEN_IN_PATH = /^(\/(?:[a-z]{2}(?:-[A-Za-z0-9]+)?\/)?booking\/)[^/?#]+/;
/** Query parameters that hold what a person typed or a secret: the studio API's search (names, emails), tokens. */
const PRIVATE_QUERY_VALUE = /([?&](?:q|email|token|access_token)=)[^&#]*/gi;

/**
 * A request's URL as the log may keep it: studio keys, booking tokens and search words redacted.
 * Logs are read by more people, and kept longer, than the bookings they mention.
 */
export function loggedUrl(url: string): string {
  let logged = redactStudioKeys(url);
  if (logged.includes('/booking/')) logged = logged.replace(BOOKING_TOKEN_IN_PATH, '$1[redacted]');
  if (logged.includes('=')) logged = logged.replace(PRIVATE_QUERY_VALUE, '$1[redacted]');
  return logged;
}
