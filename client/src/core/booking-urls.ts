/** Hosted booking pages of the contract (`{checkout_url}/…`); ids are path-encoded. */

function withoutTrailingSlash(url: string): string {
  return url.replace(/\/+$/, '');
}

/**
 * `{checkout}/book/{classId}`: books a group class, or an event (its id takes the class id's place).
 * With a locale, `?lang=` asks the page in that language (a language the studio does not speak gets
 * its default): a Spanish site's Book button opens a Spanish page, whatever the browser's language.
 */
export function classBookingUrl(checkoutUrl: string, classId: string, locale?: string): string {
  const url = `${withoutTrailingSlash(checkoutUrl)}/book/${encodeURIComponent(classId)}`;
  return locale ? `${url}?lang=${encodeURIComponent(locale)}` : url;
}

/**
 * `{checkout}/{locale}/book/private-lesson/{instructorId}`. The page speaks the studio's locales;
 * any other well-formed tag is redirected by the server to the studio's locale of the same language
 * (`es` to a studio's `es-MX`), else to its default.
 */
export function privateLessonBookingUrl(checkoutUrl: string, locale: string, instructorId: string): string {
  return `${withoutTrailingSlash(checkoutUrl)}/${encodeURIComponent(locale)}/book/private-lesson/${encodeURIComponent(instructorId)}`;
}
