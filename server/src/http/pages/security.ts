import { randomBytes } from 'node:crypto';
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import { doubleCsrf } from 'csrf-csrf';
import { rateLimit } from 'express-rate-limit';
import helmet from 'helmet';

/**
 * Protection of the hosted booking pages: strict security headers (no inline script or style, no
 * framing, forms post only here), CSRF tokens on every form, and a per-IP limit on submissions.
 */
export function securityHeaders(options: { imageOrigins?: string[] } = {}): RequestHandler {
  return helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'"],
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

const VISITOR_COOKIE = 'sd_visitor';

/**
 * CSRF by signed double-submit (csrf-csrf): the token in the form must match the cookie, and both
 * are bound to a random per-browser visitor id, so another site cannot post a booking in a
 * student's name. `secret` must be the same on every server instance (BOOKING_SECRET).
 */
export function csrfProtection(options: { secret: string; secureCookies: boolean }) {
  const { generateCsrfToken, doubleCsrfProtection } = doubleCsrf({
    getSecret: () => options.secret,
    getSessionIdentifier: (req) => String((req as Request).cookies?.[VISITOR_COOKIE] ?? ''),
    cookieName: options.secureCookies ? '__Host-sd_csrf' : 'sd_csrf',
    cookieOptions: { sameSite: 'lax', path: '/', secure: options.secureCookies, httpOnly: true },
    getCsrfTokenFromRequest: (req) => (req as Request).body?._csrf,
  });

  /** Gives every browser a visitor id before a token is made for it. */
  const ensureVisitor: RequestHandler = (req, res, next) => {
    if (!req.cookies?.[VISITOR_COOKIE]) {
      const id = randomBytes(18).toString('base64url');
      res.cookie(VISITOR_COOKIE, id, { httpOnly: true, sameSite: 'lax', secure: options.secureCookies, path: '/' });
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
export function bookingSubmissionLimit(perTenMinutes: number, onLimited: (req: Request, res: Response) => void): RequestHandler {
  if (perTenMinutes <= 0) return (_req: Request, _res: Response, next: NextFunction) => next();
  return rateLimit({
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
