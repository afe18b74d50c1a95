import path from 'node:path';
import type { Response } from 'express';
import nunjucks from 'nunjucks';
import { translate, type PageLocale } from '../../i18n/messages';

/**
 * Server-rendered pages through Nunjucks with autoescaping on: every value a template prints is
 * HTML-escaped unless a template says otherwise (none does), so nothing a student or a studio typed
 * can become markup.
 */
const environment = new nunjucks.Environment(new nunjucks.FileSystemLoader(path.join(__dirname, 'views')), {
  autoescape: true,
  throwOnUndefined: false,
  trimBlocks: true,
  lstripBlocks: true,
});

export const ASSET_BASE = '/booking-assets';

export interface PageContext {
  locale: PageLocale;
  title: string;
  [key: string]: unknown;
}

export function renderPage(res: Response, status: number, view: string, context: PageContext): void {
  const html = environment.render(view, {
    ...context,
    assetBase: ASSET_BASE,
    t: (key: string, params?: Record<string, string | number>) => translate(context.locale, key, params),
  });
  res.status(status);
  res.setHeader('Content-Type', 'text/html; charset=utf-8');
  res.setHeader('Cache-Control', 'no-store');
  res.send(html);
}

/** A page with a title, a sentence and an optional way back: not found, expired form, errors. */
export function renderMessage(
  res: Response,
  status: number,
  locale: PageLocale,
  keys: { title: string; text: string },
  extra: { studio?: unknown; backUrl?: string; reloadUrl?: string; wayBack?: unknown } = {},
): void {
  renderPage(res, status, 'message.njk', { locale, title: translate(locale, keys.title), text: translate(locale, keys.text), ...extra });
}
