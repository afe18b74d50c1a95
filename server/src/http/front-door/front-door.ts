import path from 'node:path';
import express, { Router, type Response } from 'express';
import nunjucks from 'nunjucks';
import type { PublicCatalog } from '../../domain/public-api/public-catalog';
import { demoStudioId } from '../../demo/demo-studio';
import { API_VERSION } from '../api/api-version';
import { calendarFeedUrl } from '../api/endpoint-table';
import { subscribeLinks } from '../calendar-subscribe';
import { listingAnswer } from '../listing/listing-answer';
import type { ListingStore } from '../listing/listing-store';
import { securityHeaders } from '../pages/security';

/**
 * The server's front door: what a person who opens its address in a browser sees (what Studio
 * Data is, the demo studio's week with its booking pages, the embed snippets, how to subscribe),
 * and the API reference, rendered from the OpenAPI document by Swagger UI (the npm package
 * `swagger-ui-dist`, served from this server: no CDN) with "Try it out" against this server. A
 * client asking for JSON at `/` gets the JSON index it always got.
 */

export interface FrontDoorDependencies {
  catalog: PublicCatalog;
  listings: ListingStore;
  publicBaseUrl: string;
  checkoutBaseUrl: string;
}

export const API_REFERENCE_PATH = '/api-reference';
const ASSETS = `${API_REFERENCE_PATH}/assets`;
const SWAGGER_UI = `${API_REFERENCE_PATH}/swagger-ui`;
/** swagger-ui-dist's files, found without loading its index (which would load its 1.5 MB browser bundle into the server). */
const SWAGGER_UI_DIR = path.dirname(require.resolve('swagger-ui-dist/package.json'));
/** The only files of swagger-ui-dist the reference page loads. */
const SWAGGER_UI_FILES = new Set(['/swagger-ui-bundle.js', '/swagger-ui.css']);

const environment = new nunjucks.Environment(new nunjucks.FileSystemLoader(path.join(__dirname, 'views')), { autoescape: true, trimBlocks: true, lstripBlocks: true });

interface WeekEntry {
  id: string;
  name: string;
  dayOfWeek: string;
  startTime: string;
  endTime: string;
  level: string;
  spotsLeft: number | null;
  date: string;
}

export function frontDoor(deps: FrontDoorDependencies): Router {
  const router = Router();
  // The pages run only this server's scripts, under the booking pages' policy; Swagger UI sets style attributes as it renders, so its page allows inline styles (not scripts).
  const pageHeaders = securityHeaders();
  const referenceHeaders = securityHeaders({ inlineStyles: true });

  router.get('/', pageHeaders, async (req, res) => {
    const index = {
      name: 'Studio Data',
      version: API_VERSION,
      openApi: `${deps.publicBaseUrl}/api/public/openapi.json`,
      apiReference: `${deps.publicBaseUrl}${API_REFERENCE_PATH}`,
      health: `${deps.publicBaseUrl}/healthz`,
    };
    // One address, two representations by Accept: caches must keep them apart.
    res.vary('Accept');
    if (req.accepts(['json', 'html']) !== 'html') {
      res.setHeader('Cache-Control', 'no-store');
      return res.json(index);
    }
    render(res, 'front-door.njk', { ...(await demoWeek(deps)), index, assets: ASSETS, publicBaseUrl: deps.publicBaseUrl });
  });

  router.get(API_REFERENCE_PATH, referenceHeaders, (_req, res) => {
    render(res, 'api-reference.njk', { assets: ASSETS, swaggerUi: SWAGGER_UI, spec: '/api/public/openapi.json', version: API_VERSION });
  });
  router.use(ASSETS, express.static(path.join(__dirname, 'assets'), { maxAge: '1h', index: false, fallthrough: false }));
  router.use(SWAGGER_UI, (req, res, next) => (SWAGGER_UI_FILES.has(req.path) ? next() : res.status(404).end()), express.static(SWAGGER_UI_DIR, { maxAge: '1d', index: false }));
  return router;
}

function render(res: Response, view: string, context: Record<string, unknown>): void {
  res.setHeader('Content-Type', 'text/html; charset=utf-8');
  res.setHeader('Cache-Control', 'no-store');
  res.send(environment.render(view, context));
}

/** The demo studio's classes and events this week, by day, with the links to book and subscribe; nothing when the demo is not loaded. */
async function demoWeek(deps: FrontDoorDependencies): Promise<Record<string, unknown>> {
  const studioId = demoStudioId();
  try {
    const studio = await deps.catalog.profile(studioId);
    const read = async (listing: Parameters<typeof listingAnswer>[1]) => JSON.parse((await listingAnswer(deps.listings, listing)).body.toString('utf8')) as WeekEntry[];
    const [classes, events] = await Promise.all([read(await deps.catalog.classes(studioId, undefined)), read(await deps.catalog.events(studioId, undefined))]);
    const entries = [...classes, ...events.map((event) => ({ ...event, date: `${event.date}T${event.startTime}` }))].sort((a, b) => a.date.localeCompare(b.date));
    const days: { day: string; entries: (WeekEntry & { bookingUrl: string })[] }[] = [];
    for (const entry of entries) {
      const bookable = { ...entry, bookingUrl: `${deps.checkoutBaseUrl}/book/${encodeURIComponent(entry.id)}` };
      const last = days.at(-1);
      if (last && last.day === entry.dayOfWeek) last.entries.push(bookable);
      else days.push({ day: entry.dayOfWeek, entries: [bookable] });
    }
    const feed = calendarFeedUrl(deps.publicBaseUrl, studioId);
    return { studio, days, feed, subscribe: subscribeLinks(feed) };
  } catch {
    // No demo studio here (DEMO_STUDIO=off, or a database of real studios): the page says how to import one.
    return { studio: null, days: [] };
  }
}

