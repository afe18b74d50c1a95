import { randomUUID } from 'node:crypto';
import express, { Router, type ErrorRequestHandler, type Request, type RequestHandler, type Response } from 'express';
import cookieParser from 'cookie-parser';
import type { BookingService, ManagedBooking } from '../../domain/booking/booking-service';
import { buildBookingCalendar } from '../../domain/booking/ics';
import { chooseLocale, isWellFormedLanguageTag } from '../../domain/booking/locale';
import { NotFoundError, StoreUnavailableError } from '../../domain/errors';
import { translate, type PageLocale } from '../../i18n/messages';
import { negotiatePageLocale } from './page-locale';
import { renderMessage, renderPage } from './renderer';
import { allowFramingBy, bookingSubmissionLimit, csrfProtection, isCsrfError, isShowingTimes } from './security';
import { calendarEntry, calendarLinks } from './calendar-entry';
import { cancelStepView, classView, manageView, privateLessonView, typedValues } from './view-models';
import { wayBackView } from './way-back';
import type { Store } from 'express-rate-limit';

export interface BookingPagesDependencies {
  service: BookingService;
  csrf: ReturnType<typeof csrfProtection>;
  bookingPostsPerTenMinutes: number;
  /** called after a booking is written, so the public API shows the new spots left at once */
  onBooked: (studioId: string) => void;
  /** the submission limit's store, shared by every instance (Redis); this process's memory when absent */
  rateLimitStore?: Store;
}

const IDEMPOTENCY_KEY = /^[A-Za-z0-9-]{16,64}$/;

/** The key of a rendered form: kept when a re-rendered form is submitted again, new otherwise. */
function idempotencyKeyOf(req: Request): string {
  const posted = (req.body as Record<string, unknown> | undefined)?.idempotencyKey;
  return typeof posted === 'string' && IDEMPOTENCY_KEY.test(posted) ? posted : randomUUID();
}

/**
 * The hosted booking pages: book a class or an event, book a private lesson, see the confirmation
 * and download it as a calendar file. HTML rendered on the server, working without JavaScript.
 */
export function bookingPagesRouter(deps: BookingPagesDependencies): Router {
  const router = Router();
  const { service, csrf } = deps;
  const parseForm = express.urlencoded({ extended: false, limit: '32kb', parameterLimit: 100 });
  const limitSubmissions = bookingSubmissionLimit(deps.bookingPostsPerTenMinutes, (req: Request, res: Response) =>
    renderMessage(res, 429, negotiatePageLocale(req, []).page, { title: 'too_many_title', text: 'too_many_text' }),
    deps.rateLimitStore,
  );
  // Only the pages get the visitor cookie their CSRF tokens are bound to.
  const parseCookies = cookieParser();
  const visitor: RequestHandler = (req, res, next) => parseCookies(req, res, (error?: unknown) => (error ? next(error) : csrf.ensureVisitor(req, res, next)));

  /** The form's hidden fields and its action: the page's path, keeping a `?lang=` choice so the answer is in the same language. */
  const formFor = (req: Request, res: Response) => {
    const lang = typeof req.query.lang === 'string' && isWellFormedLanguageTag(req.query.lang) ? `?lang=${encodeURIComponent(req.query.lang)}` : '';
    return { csrfToken: csrf.tokenFor(req, res), idempotencyKey: idempotencyKeyOf(req), formAction: `${req.originalUrl.split('?')[0] as string}${lang}` };
  };

  // --- group class or event -------------------------------------------------------------------
  router.get('/book/:classId', visitor, async (req, res) => {
    const classId = String(req.params.classId);
    const page = await service.classPage(classId).catch(async (error: unknown) => {
      if (!(error instanceof NotFoundError)) throw error;
      return seriesOrNotFound(req, res, classId, error);
    });
    if (!page) return;
    allowFramingBy(res, page.studio.website);
    const locales = negotiatePageLocale(req, page.studio.locales);
    renderPage(res, 200, 'class.njk', classView(page, locales, formFor(req, res)));
  });

  /**
   * An address of no class that names a weekly series: the series' own id goes to its next date
   * (302, query kept: a link built from the API's seriesId); a date of it the studio holds no class
   * on is a 404 that names the studio and offers the series' next date and the studio's contacts,
   * not a dead end. Anything else is the plain 404.
   */
  const seriesOrNotFound = async (req: Request, res: Response, classId: string, notFound: NotFoundError): Promise<null> => {
    const series = await service.seriesAddress(classId);
    if (!series) throw notFound;
    const query = queryOf(req);
    if (series.seriesItself && series.next) {
      res.redirect(302, `/book/${encodeURIComponent(series.next.occurrence.id)}${query}`);
      return null;
    }
    allowFramingBy(res, series.studio.website);
    const language = negotiatePageLocale(req, series.studio.locales);
    renderMessage(res, 404, language.page, { title: 'not_found_title', text: 'not_found_text' }, { studio: series.studio, wayBack: wayBackView(series.studio, language, series.next) });
    return null;
  };

  /**
   * A form's studio, read before its CSRF check: the check's "form expired" page (and any other
   * answer) may then show in the studio's booking dialog, as the form did. Kept for the handler.
   */
  const frameClassForm: RequestHandler = async (req, res, next) => {
    const { studio } = await service.classPage(String(req.params.classId));
    allowFramingBy(res, studio.website);
    res.locals.studio = studio;
    next();
  };

  const postClass: RequestHandler = async (req, res) => {
    const classId = String(req.params.classId);
    const studio = res.locals.studio as Awaited<ReturnType<typeof service.classPage>>['studio'];
    const studioLocales = studio.locales;
    const locales = negotiatePageLocale(req, studioLocales);
    const joinWaitlist = (req.body as Record<string, unknown> | undefined)?.intent === 'waitlist';
    const result = await service.bookClass(classId, req.body, { locale: locales.content, formatsLocale: locales.formats, idempotencyKey: idempotencyKeyOf(req), joinWaitlist });
    if (result.kind === 'email_taken') {
      const view = classView(result.page, locales, { ...formFor(req, res), values: typedValues(req.body) });
      return renderPage(res, 409, 'class.njk', { ...view, unavailableReason: translate(locales.page, 'email_already_booked') });
    }
    if (result.kind === 'booked') {
      deps.onBooked(result.booking.studioId);
      return res.redirect(303, `/booking/${result.booking.accessToken}${result.existing ? '?existing=1' : ''}`);
    }
    const form = { ...formFor(req, res), values: typedValues(req.body), errors: result.kind === 'invalid' ? result.errors : {} };
    renderPage(res, result.kind === 'invalid' ? 422 : 409, 'class.njk', classView(result.page, locales, form));
  };
  router.post('/book/:classId', limitSubmissions, visitor, parseForm, frameClassForm, csrf.verify, postClass);

  // --- private lesson ---------------------------------------------------------------------------
  /**
   * `{locale}` must be one of the studio's locales: answers that locale, or null after redirecting
   * another well-formed tag (302, query kept) to the studio's locale of the same language (`es` to a
   * studio's `es-MX`, `en-GB` to its `en`: an element or a site asking a language lands in it), else
   * to the default locale. A malformed tag is 404 before anything is read.
   */
  const requireWellFormedLocale = (req: Request): string => {
    const requested = String(req.params.locale);
    if (!isWellFormedLanguageTag(requested)) throw new NotFoundError('not_found', 'Unknown locale');
    return requested;
  };
  const studioLocaleOrRedirect = (req: Request, res: Response, requested: string, studioLocales: string[], instructorId: string): string | null => {
    const match = studioLocales.find((locale) => locale.toLowerCase() === requested.toLowerCase());
    if (match) return match;
    const query = queryOf(req);
    const instead = chooseLocale([requested], studioLocales) ?? studioLocales[0] ?? 'en';
    res.redirect(302, `/${encodeURIComponent(instead)}/book/private-lesson/${encodeURIComponent(instructorId)}${query}`);
    return null;
  };

  router.get('/:locale/book/private-lesson/:instructorId', visitor, async (req, res) => {
    const requested = requireWellFormedLocale(req);
    const page = await service.privateLessonPage(String(req.params.instructorId), { pricingId: req.query.pricing, date: req.query.date });
    allowFramingBy(res, page.studio.website);
    const locale = studioLocaleOrRedirect(req, res, requested, page.studio.locales, page.instructor.id);
    if (!locale) return;
    const locales = negotiatePageLocale(req, page.studio.locales, locale);
    renderPage(res, 200, 'private-lesson.njk', privateLessonView(page, locales, formFor(req, res)));
  });

  // Only the offer is read here (not the page's slots): the booking use-case reads what it needs.
  const frameLessonForm: RequestHandler = async (req, res, next) => {
    requireWellFormedLocale(req);
    const lesson = await service.privateLessonOffer(String(req.params.instructorId));
    allowFramingBy(res, lesson.studio.website);
    res.locals.lesson = lesson;
    next();
  };

  const postPrivateLesson: RequestHandler = async (req, res) => {
    const requested = requireWellFormedLocale(req);
    const { studio, offer } = res.locals.lesson as Awaited<ReturnType<typeof service.privateLessonOffer>>;
    const locale = studioLocaleOrRedirect(req, res, requested, studio.locales, offer.person.id);
    if (!locale) return;
    const locales = negotiatePageLocale(req, studio.locales, locale);
    if (isShowingTimes(req)) {
      // "Show available times" without JavaScript: the same form again, with the times of the duration
      // and date now chosen and everything typed so far kept. Nothing is checked, nothing is booked.
      const page = await service.privateLessonPage(offer.person.id, { pricingId: req.body.pricing, date: req.body.date });
      return renderPage(res, 200, 'private-lesson.njk', privateLessonView(page, locales, { ...formFor(req, res), values: typedValues(req.body) }));
    }
    const instructor = offer.person;
    const title = translate(locales.page, 'private_lesson_title', { name: [instructor.name, instructor.lastname].filter(Boolean).join(' ') });
    const result = await service.bookPrivateLesson(String(req.params.instructorId), req.body, { locale: locales.content, formatsLocale: locales.formats, idempotencyKey: idempotencyKeyOf(req), title });
    if (result.kind === 'booked') {
      deps.onBooked(result.booking.studioId);
      return res.redirect(303, `/booking/${result.booking.accessToken}${result.existing ? '?existing=1' : ''}`);
    }
    const form = { ...formFor(req, res), values: typedValues(req.body), errors: result.errors };
    renderPage(res, 422, 'private-lesson.njk', privateLessonView(result.page, locales, form));
  };
  // The form is read before the limit: showing other times books nothing and is not counted.
  router.post('/:locale/book/private-lesson/:instructorId', parseForm, limitSubmissions, visitor, frameLessonForm, csrf.verify, postPrivateLesson);

  // --- manage: the confirmation, cancelling, leaving the waitlist ------------------------------------
  const managePath = (accessToken: string) => `/booking/${accessToken}`;
  const renderManage = (req: Request, res: Response, status: number, managed: ManagedBooking) => {
    const { booking, studio } = managed;
    allowFramingBy(res, studio.website);
    const language = negotiatePageLocale(req, studio.locales, booking.locale, booking.formatsLocale);
    // The address is the booking's secret: it must not leak to the studio's website or anywhere else.
    res.setHeader('Referrer-Policy', 'no-referrer');
    const links = { calendarUrl: `${managePath(booking.accessToken)}/booking.ics`, cancelUrl: `${managePath(booking.accessToken)}/cancel`, ...calendarLinks(managed, language) };
    renderPage(res, status, 'confirmation.njk', manageView(managed, language, { existing: req.query.existing === '1', ...links }));
  };

  router.get('/booking/:accessToken', async (req, res) => {
    renderManage(req, res, 200, await service.manage(String(req.params.accessToken)));
  });

  // The confirmation step: cancelling is a POST of this page's form, never a link alone.
  router.get('/booking/:accessToken/cancel', visitor, async (req, res) => {
    const managed = await service.manage(String(req.params.accessToken));
    if (managed.cancellation !== 'open') return res.redirect(303, managePath(managed.booking.accessToken));
    allowFramingBy(res, managed.studio.website);
    const language = negotiatePageLocale(req, managed.studio.locales, managed.booking.locale, managed.booking.formatsLocale);
    res.setHeader('Referrer-Policy', 'no-referrer');
    const form = { csrfToken: csrf.tokenFor(req, res), formAction: `${managePath(managed.booking.accessToken)}/cancel`, backUrl: managePath(managed.booking.accessToken) };
    renderPage(res, 200, 'cancel.njk', cancelStepView(managed, language, form));
  });

  const postCancel: RequestHandler = async (req, res) => {
    const result = await service.cancel(String(req.params.accessToken));
    deps.onBooked(result.managed.booking.studioId);
    // Cancelled now or before: the manage page shows it; refused (past the cutoff meanwhile): it says why.
    if (result.kind === 'cancelled') return res.redirect(303, managePath(result.managed.booking.accessToken));
    renderManage(req, res, 409, result.managed);
  };
  const frameCancelForm: RequestHandler = async (req, res, next) => {
    allowFramingBy(res, (await service.manage(String(req.params.accessToken))).studio.website);
    next();
  };
  router.post('/booking/:accessToken/cancel', limitSubmissions, visitor, parseForm, frameCancelForm, csrf.verify, postCancel);

  router.get('/booking/:accessToken/booking.ics', async (req, res) => {
    const confirmation = await service.confirmation(String(req.params.accessToken));
    const { booking, studio } = confirmation;
    const language = negotiatePageLocale(req, studio.locales, booking.locale, booking.formatsLocale);
    const body = buildBookingCalendar({ booking, studio, ...calendarEntry(confirmation, language) });
    res.setHeader('Content-Type', 'text/calendar; charset=utf-8');
    res.setHeader('Content-Disposition', `attachment; filename="booking-${booking.reference}.ics"`);
    res.setHeader('Cache-Control', 'no-store');
    res.send(body);
  });

  // Another method on a page's address (a PUT, a DELETE): a page that says so, never the API's JSON 404.
  const methodsOf: [string, string][] = [
    ['/book/:classId', 'GET, HEAD, POST'],
    ['/:locale/book/private-lesson/:instructorId', 'GET, HEAD, POST'],
    ['/booking/:accessToken', 'GET, HEAD'],
    ['/booking/:accessToken/cancel', 'GET, HEAD, POST'],
    ['/booking/:accessToken/booking.ics', 'GET, HEAD'],
  ];
  for (const [pagePath, allowed] of methodsOf) {
    router.all(pagePath, (req, res) => {
      res.setHeader('Allow', allowed);
      renderMessage(res, 405, negotiatePageLocale(req, []).page, { title: 'method_not_allowed_title', text: 'method_not_allowed_text' });
    });
  }

  return router;
}

/** Friendly pages for what went wrong; never a stack trace, SQL or path. */
export const bookingPageErrors: ErrorRequestHandler = (error, req, res, _next) => {
  if (res.headersSent) return res.destroy();
  const locale: PageLocale = negotiatePageLocale(req, []).page;
  if (error instanceof NotFoundError || (error as { status?: number })?.status === 400) {
    return renderMessage(res, 404, locale, { title: 'not_found_title', text: 'not_found_text' });
  }
  if (isCsrfError(error)) {
    // The form's own address: opening it again gives a new form, with a token and cookies that match.
    return renderMessage(res, 403, locale, { title: 'expired_title', text: 'expired_text' }, { reloadUrl: req.originalUrl });
  }
  if (error instanceof StoreUnavailableError) {
    req.log?.warn({ err: error.cause ?? error }, 'booking page: the database is unavailable');
    res.setHeader('Retry-After', '30');
    return renderMessage(res, 503, locale, { title: 'unavailable_title', text: 'unavailable_text' });
  }
  if ((error as { type?: string })?.type === 'entity.too.large' || (error as { type?: string })?.type === 'parameters.too.many') {
    return renderMessage(res, 413, locale, { title: 'error_title', text: 'error_text' }, { backUrl: req.originalUrl });
  }
  req.log?.error({ err: error }, 'booking page failed');
  renderMessage(res, 500, locale, { title: 'error_title', text: 'error_text' });
};

/** The request's query as it came (`?pricing=pl-90&date=…`), kept by a redirect; '' without one. */
function queryOf(req: Request): string {
  const start = req.originalUrl.indexOf('?');
  return start === -1 ? '' : req.originalUrl.slice(start);
}
