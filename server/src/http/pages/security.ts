import { randomBytes } from 'node:crypto';
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import { doubleCsrf } from 'csrf-csrf';
import { rateLimit, type Store } from 'express-rate-limit';
import helmet from 'helmet';

/**
 * Protection of the hosted booking pages: strict security headers (no inline script or style, no
 * framing but by the studio's own website, forms post only here), CSRF tokens on every form, and a
 * per-IP limit on submissions.
 */
export function securityHeaders(options: { imageOrigins?: string[]; inlineStyles?: boolean } = {}): RequestHandler {
  return helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        // Only the API reference asks for inline styles (Swagger UI sets style attributes as it renders); never inline scripts.
        styleSrc: options.inlineStyles ? ["'self'", "'unsafe-inline'"] : ["'self'"],
        // Studio logos and instructor photos are hosted by the studios, or (the demo's) by this server's public address.
        imgSrc: ["'self'", 'https:', 'data:', ...(options.imageOrigins ?? [])],
        fontSrc: ["'self'"],
        connectSrc: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        baseUri: ["'none'"],
        objectSrc: ["'none'"],
      },
    },
    referrerPolicy: { policy: 'same-origin' },
    crossOriginEmbedderPolicy: false,
  });
}

/**
 * A page of a studio may be framed by the studio's own website, and by nothing else: its booking
 * dialog (the Book button block's, the elements') shows the page in place. Replaces the default
 * `frame-ancestors 'none'` with the website's origin, and drops X-Frame-Options (which can only say
 * "same origin"). A studio without an http(s) website keeps 'none'.
 */
export function allowFramingBy(res: Response, website: string | null | undefined): void {
  const origin = webOrigin(website);
  if (origin === null) return;
  const policy = res.getHeader('Content-Security-Policy');
  if (typeof policy !== 'string') return;
  res.setHeader('Content-Security-Policy', policy.replace("frame-ancestors 'none'", `frame-ancestors ${origin}`));
  res.removeHeader('X-Frame-Options');
}

/** The origin of an http(s) address (`https://salsa.example.com`), or null for anything else. */
function webOrigin(address: string | null | undefined): string | null {
  if (!address || !/^https?:\/\//i.test(address) || !URL.canParse(address)) return null;
  const { origin } = new URL(address);
  return origin === 'null' ? null : origin;
}

/**
 * How the pages' cookies are sent. Inside the booking dialog the page is a frame of the studio's
 * website, another site: a browser sends a frame only cookies marked `SameSite=None` (which must be
 * `Secure`), so the form's CSRF check could not pass with `Lax` ones. They are `Partitioned` too
 * (CHIPS): kept apart per top-level site, they are still sent where browsers block other third-party
 * cookies. The CSRF token itself stays the protection: another site can make the browser send the
 * cookies, not read the token the form carries. Browsers take Secure cookies only from a secure
 * context: an https checkout, or http on this machine (localhost, 127.0.0.1) for development and
 * tests; any other http checkout keeps `Lax` and cannot be framed with a working form.
 */
export function pageCookieOptions(checkoutBaseUrl: string): { sameSite: 'none' | 'lax'; secure: boolean; partitioned?: boolean } {
  const url = new URL(checkoutBaseUrl);
  const loopback = url.protocol === 'http:' && ['localhost', '127.0.0.1', '[::1]'].includes(url.hostname);
  if (url.protocol === 'https:' || loopback) return { sameSite: 'none', secure: true, partitioned: true };
  return { sameSite: 'lax', secure: false };
}

const VISITOR_COOKIE = 'sd_visitor';

/**
 * CSRF by signed double-submit (csrf-csrf): the token in the form must match the cookie, and both
 * are bound to a random per-browser visitor id, so another site cannot post a booking in a
 * student's name. `secret` must be the same on every server instance (BOOKING_SECRET).
 */
export function csrfProtection(options: { secret: string; checkoutBaseUrl: string }) {
  const secureCookies = options.checkoutBaseUrl.startsWith('https:');
  const cookies = pageCookieOptions(options.checkoutBaseUrl);
  const { generateCsrfToken, doubleCsrfProtection } = doubleCsrf({
    getSecret: () => options.secret,
    getSessionIdentifier: (req) => String((req as Request).cookies?.[VISITOR_COOKIE] ?? ''),
    cookieName: secureCookies ? '__Host-sd_csrf' : 'sd_csrf',
    cookieOptions: { ...cookies, path: '/', httpOnly: true },
    getCsrfTokenFromRequest: (req) => (req as Request).body?._csrf,
  });

  /** Gives every browser a visitor id before a token is made for it. */
  const ensureVisitor: RequestHandler = (req, res, next) => {
    if (!req.cookies?.[VISITOR_COOKIE]) {
      const id = randomBytes(18).toString('base64url');
      res.cookie(VISITOR_COOKIE, id, { ...cookies, httpOnly: true, path: '/' });
      req.cookies = { ...req.cookies, [VISITOR_COOKIE]: id };
    }
    next();
  };

  return {
    ensureVisitor,
    verify: doubleCsrfProtection,
    tokenFor: (req: Request, res: Response) => generateCsrfToken(req, res),
  };
}

export function isCsrfError(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { code?: unknown }).code === 'EBADCSRFTOKEN';
}

/** The private lesson form's "Show available times" button: a POST that only shows other times. */
export function isShowingTimes(req: Request): boolean {
  return (req.body as { intent?: unknown } | undefined)?.intent === 'show-times';
}

/** Per-IP limit on booking submissions (GET pages, and posts that only show other times, are not limited here). */
export function bookingSubmissionLimit(perTenMinutes: number, onLimited: (req: Request, res: Response) => void, store?: Store): RequestHandler {
  if (perTenMinutes <= 0) return (_req: Request, _res: Response, next: NextFunction) => next();
  return rateLimit({
    ...(store ? { store } : {}),
    windowMs: 10 * 60_000,
    limit: perTenMinutes,
    standardHeaders: 'draft-8',
    legacyHeaders: false,
    skip: (req) => req.method !== 'POST' || isShowingTimes(req),
    handler(req, res) {
      const resetTime = (req as { rateLimit?: { resetTime?: Date } }).rateLimit?.resetTime;
      res.setHeader('Retry-After', String(resetTime ? Math.max(1, Math.ceil((resetTime.getTime() - Date.now()) / 1000)) : 600));
      onLimited(req, res);
    },
  });
}
