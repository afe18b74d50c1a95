import { createStudioDataClient, type StudioDataClient } from '../core/client.js';
import { EtagCache } from '../core/etag-cache.js';
import { text as localeText } from '../core/locale-text.js';
import type { StudioProfile } from '../core/types.js';
import { openInDialog } from './booking-dialog.js';
import { h } from './dom.js';
import { stringsFor, type Strings } from './strings.js';
import { STYLES } from './styles.js';

/** One cache for every element of the page: two elements of one studio revalidate each other's answers. */
const pageCache = new EtagCache();
/** The profile of each studio, asked for once per page however many elements show it. */
const profiles = new Map<string, Promise<StudioProfile>>();
/** The page's elements, to follow a change of the page's language (`<html lang>`, set by a language switcher). */
const connectedElements = new Set<StudioElement>();
let pageLanguageObserver: MutationObserver | undefined;

/** How an element renders again: `quiet` keeps what it shows until the new content is ready (and on failure); `focusItem` puts focus back on that item's link. */
interface RenderOptions {
  quiet?: boolean;
  focusItem?: string;
}

/** What a subclass gets to build its content with. */
export interface RenderContext {
  client: StudioDataClient;
  locale: string;
  strings: Strings;
  signal: AbortSignal;
  /** the studio's profile (currency, time zone), shared by the page's elements */
  profile(): Promise<StudioProfile>;
  /** `<hN>` at the element's `heading-level` (default 3) plus `offset` */
  heading(offset: number, props: Record<string, string>, text: string): HTMLElement;
  /** text of a locale map in the element's locale, with the studio's fallback */
  text: StudioDataClient['text'];
  /** a Book link as the element's `booking` attribute says: opening the booking page in a dialog (`dialog`), or a plain link */
  bookingLink(link: HTMLElement): HTMLElement;
}

// Where there is no DOM (server rendering, Node), the module still loads; the elements are just not defined.
const ElementBase = (typeof HTMLElement === 'undefined' ? class {} : HTMLElement) as typeof HTMLElement;

/**
 * The shared life of the elements: read the attributes, fetch, render into the shadow root, and
 * do it again (aborting the request it replaces) whenever an attribute changes. While loading it
 * says so to screen readers; on failure it says so and shows the element's own children — the
 * link that a page without JavaScript shows too.
 */
export abstract class StudioElement extends ElementBase {
  static readonly commonAttributes = ['studio', 'api', 'checkout', 'locale', 'default-locale', 'heading-level', 'booking'];

  readonly #content: HTMLElement;
  readonly #root: ShadowRoot;
  #controller: AbortController | undefined;
  #scheduled = false;

  constructor() {
    super();
    const root = this.attachShadow({ mode: 'open' });
    this.#root = root;
    this.#content = h('div', { part: 'content' });
    root.append(this.#content);
    adoptStyles(root);
  }

  connectedCallback(): void {
    connectedElements.add(this);
    followPageLanguage();
    this.#schedule();
  }

  disconnectedCallback(): void {
    connectedElements.delete(this);
    this.#controller?.abort();
    this.#controller = undefined;
  }

  attributeChangedCallback(): void {
    if (this.isConnected) this.#schedule();
  }

  /** Builds the element's content; throws (or rejects) to show the failure state. */
  protected abstract build(context: RenderContext): Promise<Node>;

  /** `attr` of the element, `undefined` when absent or blank. */
  protected attribute(name: string): string | undefined {
    return this.getAttribute(name)?.trim() || undefined;
  }

  /** Settles when the current render is done (for tests and for pages that wait on it). */
  rendered: Promise<void> = Promise.resolve();

  /** Renders again in the page's new language, unless the element names its own (`locale`). */
  followLanguageChange(): void {
    if (this.isConnected && !this.hasAttribute('locale')) this.#schedule();
  }

  #schedule(options: RenderOptions = {}): void {
    if (this.#scheduled) return;
    this.#scheduled = true;
    // Attributes set one after another in a script make one request, not one each.
    this.rendered = new Promise((resolve) =>
      queueMicrotask(() => {
        this.#scheduled = false;
        void this.#render(options).then(resolve);
      }),
    );
  }

  async #render({ quiet = false, focusItem }: RenderOptions = {}): Promise<void> {
    this.#controller?.abort();
    const controller = new AbortController();
    this.#controller = controller;
    // The page's language: the element's `locale`, else the page's own `lang`.
    const pageLocale = this.attribute('locale') ?? (document.documentElement.lang || undefined);
    const defaultLocaleAttribute = this.attribute('default-locale');
    // Until the studio is known (and when it cannot be), the element speaks what the page or the browser says.
    const interim = stringsFor(pageLocale ?? defaultLocaleAttribute ?? (navigator.language || 'en'));
    if (!quiet) this.#show(h('p', { role: 'status', part: 'status' }, interim.loading), true);

    try {
      const studio = this.attribute('studio');
      if (!studio) throw new Error(`<${this.localName}> needs a studio attribute`);
      const api = this.attribute('api') ?? location.origin;
      const client = createStudioDataClient({
        baseUrl: api,
        studio,
        checkoutUrl: this.attribute('checkout'),
        defaultLocale: defaultLocaleAttribute,
        cache: pageCache,
      });
      // What the page does not say comes from the studio: its default locale is the first of its profile's `locales`.
      const studioLocale = pageLocale === undefined || defaultLocaleAttribute === undefined ? await studioDefaultLocale(client) : undefined;
      if (controller.signal.aborted) return;
      const locale = pageLocale ?? defaultLocaleAttribute ?? studioLocale ?? (navigator.language || 'en');
      const defaultLocale = defaultLocaleAttribute ?? studioLocale;
      const strings = stringsFor(locale);
      // The booking pages let the studio's own website frame them, no other: elsewhere Book stays a link.
      const inDialog = this.attribute('booking') === 'dialog' && (await isStudioWebsite(client));
      const level = Math.min(6, Math.max(1, Number(this.attribute('heading-level') ?? 3) || 3));
      const content = await this.build({
        client,
        locale,
        strings,
        signal: controller.signal,
        profile: () => sharedProfile(client),
        heading: (offset, props, text) => h(`h${Math.min(6, level + offset)}`, props, text),
        text: (map, wanted) => localeText(map, wanted ?? locale, defaultLocale),
        bookingLink: (link) => (inDialog && link instanceof HTMLAnchorElement ? openInDialog(link, strings, this.#root, (closed) => this.#refreshAfterBooking(closed)) : link),
      });
      if (controller.signal.aborted) return;
      this.#show(content, false);
      if (focusItem !== undefined) focusOnItem(this.#content, focusItem);
    } catch (error) {
      if (controller.signal.aborted) return;
      // A quiet refresh that fails keeps what was shown: it was right a moment ago.
      if (quiet) return;
      this.#show(h('div', { part: 'error' }, h('p', { role: 'alert' }, interim.failed), h('slot', null)), false);
      this.dispatchEvent(new CustomEvent('studio-data-error', { detail: error, bubbles: true, composed: true }));
    }
  }

  /** After the booking dialog closes: the list again (the spots left, a full class), quietly, focus kept on the item booked. */
  #refreshAfterBooking(link: HTMLAnchorElement): void {
    this.#schedule({ quiet: true, focusItem: link.closest('[data-id]')?.getAttribute('data-id') ?? undefined });
  }

  #show(content: Node, busy: boolean): void {
    this.#content.replaceChildren(content);
    if (busy) this.setAttribute('aria-busy', 'true');
    else this.removeAttribute('aria-busy');
  }
}

/** Focus on an item's link, or the item itself when it has none now (the class just filled up). */
function focusOnItem(content: HTMLElement, itemId: string): void {
  const item = [...content.querySelectorAll<HTMLElement>('[data-id]')].find((candidate) => candidate.getAttribute('data-id') === itemId);
  if (!item) return;
  const link = item.querySelector<HTMLElement>('a[part~=book-link]');
  if (link) return link.focus();
  item.tabIndex = -1;
  item.focus();
}

/** One observer for the page: when `<html lang>` changes, the elements that follow it render again in the new language. */
function followPageLanguage(): void {
  if (pageLanguageObserver || typeof MutationObserver === 'undefined') return;
  pageLanguageObserver = new MutationObserver(() => {
    for (const element of connectedElements) element.followLanguageChange();
  });
  pageLanguageObserver.observe(document.documentElement, { attributes: true, attributeFilter: ['lang'] });
}

let sharedSheet: CSSStyleSheet | undefined;

/**
 * The styles as one constructed style sheet shared by every element: a site whose
 * Content-Security-Policy refuses inline styles still gets them. A `<style>` where constructed
 * sheets are not supported.
 */
function adoptStyles(root: ShadowRoot): void {
  if ('adoptedStyleSheets' in root && typeof CSSStyleSheet !== 'undefined' && 'replaceSync' in CSSStyleSheet.prototype) {
    if (!sharedSheet) {
      sharedSheet = new CSSStyleSheet();
      sharedSheet.replaceSync(STYLES);
    }
    root.adoptedStyleSheets = [sharedSheet];
  } else {
    root.append(h('style', null, STYLES));
  }
}

/** The studio's default locale (the first of its profile's `locales`); undefined when it lists none or the profile cannot be read (the element's own request then says why). */
async function studioDefaultLocale(client: StudioDataClient): Promise<string | undefined> {
  try {
    return (await sharedProfile(client)).locales[0];
  } catch {
    return undefined;
  }
}

/** Whether this page is on the studio's own website (its profile's `website`, by origin); no when the profile cannot be read. */
async function isStudioWebsite(client: StudioDataClient): Promise<boolean> {
  try {
    const { website } = await sharedProfile(client);
    return website !== null && new URL(website).origin === location.origin;
  } catch {
    return false;
  }
}

function sharedProfile(client: StudioDataClient): Promise<StudioProfile> {
  const key = `${client.baseUrl} ${client.studio}`;
  let profile = profiles.get(key);
  if (!profile) {
    profile = client.profile();
    profiles.set(key, profile);
    profile.catch(() => profiles.delete(key));
  }
  return profile;
}
