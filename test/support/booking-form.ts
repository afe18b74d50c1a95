import http from 'node:http';

/**
 * A minimal browser for the hosted booking pages, over real HTTP: it keeps the cookies the server
 * sets (Set-Cookie in, Cookie out), reads the forms of a page (the hidden `_csrf` and
 * `idempotencyKey` among them) and posts them back as `application/x-www-form-urlencoded`, as a
 * browser without JavaScript would. Redirects are never followed, so a test sees the 303 and its
 * Location. Also a few HTML readers for the assertions (attributes, text, elements by id).
 */

export interface PageResponse {
  status: number;
  headers: http.IncomingHttpHeaders;
  /** the Location header, when there is one */
  location: string | undefined;
  html: string;
}

export type FormFields = Record<string, string | string[]>;

export interface PostForm {
  /** where the form posts (its `action`, entities decoded) */
  action: string;
  /** every hidden input of the form, by name: `_csrf`, `idempotencyKey` */
  hidden: Record<string, string>;
  /** the value each dropdown of the form sends when left as the page shows it (its selected option, else its first) */
  chosen: Record<string, string>;
  csrf: string;
  /** '' for a form without one */
  idempotencyKey: string;
  /** the page the form was read from */
  page: PageResponse;
}

export class Browser {
  private readonly cookies = new Map<string, string>();

  /** `headers` go with every request of this browser, e.g. `{ 'Accept-Language': 'es' }`. */
  constructor(
    readonly baseUrl: string,
    private readonly headers: Record<string, string> = {},
  ) {}

  /** The Cookie header this browser sends ('' when it has none). */
  cookieHeader(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }

  cookieNames(): string[] {
    return [...this.cookies.keys()];
  }

  /** Forgets every cookie (a new private window). */
  clearCookies(): void {
    this.cookies.clear();
  }

  get(path: string, headers: Record<string, string> = {}): Promise<PageResponse> {
    return this.send('GET', path, undefined, headers);
  }

  /** Posts the fields as a urlencoded body (repeated names for arrays), with this browser's cookies. */
  post(path: string, fields: FormFields, headers: Record<string, string> = {}): Promise<PageResponse> {
    return this.send('POST', path, encodeForm(fields), { 'Content-Type': 'application/x-www-form-urlencoded', ...headers });
  }

  /** GETs the page and reads its `<form method="post">`; fails the test when the page has none. */
  async openForm(path: string, headers: Record<string, string> = {}): Promise<PostForm> {
    const page = await this.get(path, headers);
    const form = readPostForm(page.html);
    if (!form) throw new Error(`GET ${path} answered ${page.status} without a <form method="post">:\n${page.html.slice(0, 2000)}`);
    const csrf = form.hidden._csrf;
    // Booking forms carry an idempotency key; the cancel form does not need one (cancelling twice changes nothing).
    const idempotencyKey = form.hidden.idempotencyKey ?? '';
    if (!csrf) throw new Error(`the form of ${path} has no _csrf`);
    return { action: form.action ?? path.split('?')[0] ?? path, hidden: form.hidden, chosen: form.chosen, csrf, idempotencyKey, page };
  }

  /** Posts what the form sends as shown (its hidden fields and its dropdowns' choices) plus `fields` (which win) to the form's action. */
  submit(form: PostForm, fields: FormFields, headers: Record<string, string> = {}): Promise<PageResponse> {
    return this.post(form.action, { ...form.hidden, ...form.chosen, ...fields }, headers);
  }

  /** GET the page, fill the form in, post it: the whole round trip of a student. */
  async fillIn(path: string, fields: FormFields, headers: Record<string, string> = {}): Promise<PageResponse> {
    return this.submit(await this.openForm(path, headers), fields, headers);
  }

  private send(method: string, path: string, body: string | undefined, extra: Record<string, string>): Promise<PageResponse> {
    const { hostname, port } = new URL(this.baseUrl);
    const headers: Record<string, string> = { Accept: 'text/html', ...this.headers, ...extra };
    const cookie = this.cookieHeader();
    if (cookie) headers.Cookie = cookie;
    if (body !== undefined) headers['Content-Length'] = String(Buffer.byteLength(body));
    return new Promise((resolve, reject) => {
      const req = http.request({ host: hostname, port, path, method, headers, agent: false }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => {
          this.keepCookies(res.headers['set-cookie']);
          resolve({ status: res.statusCode ?? 0, headers: res.headers, location: res.headers.location, html: Buffer.concat(chunks).toString('utf8') });
        });
        res.on('error', reject);
      });
      req.on('error', reject);
      if (body !== undefined) req.write(body);
      req.end();
    });
  }

  private keepCookies(setCookie: string[] | undefined): void {
    for (const line of setCookie ?? []) {
      const [pair = '', ...attributes] = line.split(';').map((part) => part.trim());
      const separator = pair.indexOf('=');
      if (separator <= 0) continue;
      const name = pair.slice(0, separator);
      const value = pair.slice(separator + 1);
      const expired = attributes.some((attribute) => {
        const [key = '', attributeValue = ''] = attribute.split('=');
        if (key.toLowerCase() === 'max-age') return Number(attributeValue) <= 0;
        if (key.toLowerCase() === 'expires') return Date.parse(attributeValue) <= Date.now();
        return false;
      });
      if (expired) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }
}

export function encodeForm(fields: FormFields): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(fields)) {
    for (const item of Array.isArray(value) ? value : [value]) params.append(name, item);
  }
  return params.toString();
}

// --- reading HTML ------------------------------------------------------------------------------

const NAMED_ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: '\u00a0' };

export function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (match, entity: string) => {
    if (entity[0] === '#') {
      const code = entity[1] === 'x' || entity[1] === 'X' ? parseInt(entity.slice(2), 16) : parseInt(entity.slice(1), 10);
      return Number.isFinite(code) ? String.fromCodePoint(code) : match;
    }
    return NAMED_ENTITIES[entity.toLowerCase()] ?? match;
  });
}

/** The attributes of one start tag, values decoded; a bare attribute is ''. */
export function attributesOf(tag: string): Record<string, string> {
  const attributes: Record<string, string> = {};
  const inner = tag.replace(/^<\s*[\w-]+/, '').replace(/\/?>$/, '');
  for (const match of inner.matchAll(/([^\s"'=<>/]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'=<>`]+)))?/g)) {
    const name = (match[1] ?? '').toLowerCase();
    attributes[name] = decodeEntities(match[2] ?? match[3] ?? match[4] ?? '');
  }
  return attributes;
}

/** Every start tag of that element, in order. */
export function startTags(html: string, element: string): string[] {
  return [...html.matchAll(new RegExp(`<${element}\\b[^>]*>`, 'gi'))].map((match) => match[0]);
}

/** The text a reader sees: tags dropped, entities decoded, any run of white space (NBSP included) one space. */
export function textOf(html: string): string {
  return decodeEntities(
    html
      .replace(/<(script|style)\b[^>]*>[\s\S]*?<\/\1>/gi, ' ')
      .replace(/<!--[\s\S]*?-->/g, ' ')
      .replace(/<[^>]+>/g, ' '),
  )
    .replace(/[\s\u00a0\u202f]+/g, ' ')
    .trim();
}

/**
 * The outer HTML of the element with that id (nesting of the same element counted), or null.
 * Enough for the server-rendered pages here; not a general HTML parser.
 */
export function elementById(html: string, id: string): string | null {
  const escapedId = id.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const open = new RegExp(`<([a-z][\\w-]*)\\b[^>]*\\sid\\s*=\\s*"${escapedId}"[^>]*>`, 'i').exec(html);
  if (!open) return null;
  const element = (open[1] ?? '').toLowerCase();
  if (['input', 'img', 'br', 'meta', 'link', 'hr'].includes(element)) return open[0];
  const tags = new RegExp(`<(/?)${element}\\b[^>]*>`, 'gi');
  tags.lastIndex = open.index + open[0].length;
  let depth = 1;
  for (let match = tags.exec(html); match; match = tags.exec(html)) {
    depth += match[1] === '/' ? -1 : 1;
    if (depth === 0) return html.slice(open.index, match.index + match[0].length);
  }
  return null;
}

/** The `<form method="post">…</form>` of the page, or null. */
export function postFormHtml(html: string): string | null {
  const match = /<form\b[^>]*\smethod\s*=\s*"post"[^>]*>[\s\S]*?<\/form>/i.exec(html);
  return match ? match[0] : null;
}

/** The action, the hidden inputs and the dropdowns' current choices of the page's post form. */
export function readPostForm(html: string): { action: string | null; hidden: Record<string, string>; chosen: Record<string, string> } | null {
  const form = postFormHtml(html);
  if (!form) return null;
  const formTag = attributesOf(startTags(form, 'form')[0] ?? '<form>');
  const hidden: Record<string, string> = {};
  for (const tag of startTags(form, 'input')) {
    const attributes = attributesOf(tag);
    if (attributes.type === 'hidden' && attributes.name !== undefined) hidden[attributes.name] = attributes.value ?? '';
  }
  const chosen: Record<string, string> = {};
  for (const match of form.matchAll(/<select\b[^>]*>[\s\S]*?<\/select>/gi)) {
    const name = attributesOf(startTags(match[0], 'select')[0] ?? '').name;
    const options = [...match[0].matchAll(/<option\b[^>]*>/gi)].map((option) => attributesOf(option[0]));
    const option = options.find((candidate) => 'selected' in candidate) ?? options[0];
    if (name !== undefined && option) chosen[name] = option.value ?? '';
  }
  return { action: formTag.action ?? null, hidden, chosen };
}

/** The value of the hidden input of that name anywhere on the page, or null. */
export function hiddenValue(html: string, name: string): string | null {
  for (const tag of startTags(html, 'input')) {
    const attributes = attributesOf(tag);
    if (attributes.type === 'hidden' && attributes.name === name) return attributes.value ?? '';
  }
  return null;
}

/** The access token in a confirmation URL (`/booking/<token>`, optionally `?existing=1`). */
export function accessTokenOf(location: string | undefined): string {
  const match = /^\/booking\/([A-Za-z0-9_-]+)(?:\?.*)?$/.exec(location ?? '');
  if (!match?.[1]) throw new Error(`not a confirmation address: ${String(location)}`);
  return match[1];
}

// --- what every hosted page must be -------------------------------------------------------------

/** The directives of a Content-Security-Policy header: name → its sources. */
export function cspDirectives(header: string | string[] | undefined): Record<string, string[]> {
  const text = Array.isArray(header) ? header.join(';') : (header ?? '');
  const directives: Record<string, string[]> = {};
  for (const part of text.split(';')) {
    const [name, ...sources] = part.trim().split(/\s+/);
    if (name) directives[name.toLowerCase()] = sources;
  }
  return directives;
}

/**
 * What breaks the pages' no-inline rule: a `<script>` without `src`, a `<style>` element, a `style=`
 * attribute, an `on…=` event handler attribute, or a `javascript:` address in href/src/action.
 */
export function inlineCodeIn(html: string): string[] {
  const problems: string[] = [];
  for (const match of html.matchAll(/<([a-z][\w-]*)\b[^>]*>/gi)) {
    const tag = match[0];
    const element = (match[1] ?? '').toLowerCase();
    const attributes = attributesOf(tag);
    if (element === 'script' && !attributes.src) problems.push(`inline script: ${tag}`);
    if (element === 'style') problems.push(`style element: ${tag}`);
    for (const [name, value] of Object.entries(attributes)) {
      if (name === 'style') problems.push(`style attribute: ${tag}`);
      if (name.startsWith('on')) problems.push(`event handler attribute: ${tag}`);
      if (['href', 'src', 'action', 'formaction'].includes(name) && /^\s*javascript:/i.test(value)) problems.push(`javascript: address: ${tag}`);
    }
  }
  return problems;
}

/**
 * Form controls a screen reader could not name: every input (but hidden ones and buttons), select
 * and textarea needs a `<label for>` naming its id, or to sit inside a `<label>`.
 */
export function unlabelledControls(html: string): string[] {
  const labelled = new Set(startTags(html, 'label').map((tag) => attributesOf(tag).for).filter((id): id is string => Boolean(id)));
  const problems: string[] = [];
  for (const match of html.matchAll(/<(input|select|textarea)\b[^>]*>/gi)) {
    const attributes = attributesOf(match[0]);
    if (['hidden', 'submit', 'button', 'reset'].includes(attributes.type ?? '')) continue;
    if (attributes.id && labelled.has(attributes.id)) continue;
    const before = html.slice(0, match.index);
    if (before.lastIndexOf('<label') > before.lastIndexOf('</label>')) continue;
    problems.push(match[0]);
  }
  return problems;
}

/** The visible text of the `<label>` wrapping each radio button of that name, with the button's value. */
export function radioLabels(html: string, name: string): { value: string; text: string; checked: boolean }[] {
  const radios: { value: string; text: string; checked: boolean }[] = [];
  for (const match of html.matchAll(/<label\b[^>]*>([\s\S]*?)<\/label>/gi)) {
    const inner = match[1] ?? '';
    const input = startTags(inner, 'input')
      .map(attributesOf)
      .find((attributes) => attributes.type === 'radio' && attributes.name === name);
    if (input) radios.push({ value: input.value ?? '', text: textOf(inner), checked: 'checked' in input });
  }
  return radios;
}

/** The options of the `<select>` with that id: value, text and whether it is selected. */
export function selectOptions(html: string, id: string): { value: string; text: string; selected: boolean }[] {
  const select = elementById(html, id);
  if (!select) return [];
  return [...select.matchAll(/<option\b[^>]*>([\s\S]*?)<\/option>/gi)].map((match) => {
    const attributes = attributesOf(startTags(match[0], 'option')[0] ?? '');
    return { value: attributes.value ?? '', text: textOf(match[1] ?? ''), selected: 'selected' in attributes };
  });
}

/**
 * Whether the control with that id is tied to an error: `aria-invalid="true"` (for inputs, selects
 * and textareas) and `aria-describedby` naming an element; returns that element's text, or null.
 */
export function errorTiedTo(html: string, id: string): string | null {
  const control = elementById(html, id);
  if (!control) return null;
  const attributes = attributesOf(/^<[^>]*>/.exec(control)?.[0] ?? '');
  const isFormControl = /^<(input|select|textarea)\b/i.test(control);
  if (isFormControl && attributes['aria-invalid'] !== 'true') return null;
  const describedBy = attributes['aria-describedby'];
  if (!describedBy) return null;
  const texts = describedBy
    .split(/\s+/)
    .map((describedId) => elementById(html, describedId))
    .filter((element): element is string => element !== null)
    .map(textOf);
  return texts.length > 0 ? texts.join(' ') : null;
}
