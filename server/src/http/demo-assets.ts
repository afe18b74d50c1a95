import express, { Router } from 'express';
import { DEMO_IMAGES_DIR, DEMO_PAGES_DIR } from '../demo/demo-studio';

/**
 * The demo studio's images (SVG drawings shipped in server/demo/images) and its static page of
 * terms and privacy notice (server/demo/pages). Cached for a day; each gets a policy that runs
 * nothing (no script, only its own inline style), as an image or a page of text needs. Anything
 * else is a bare 404.
 */
export function demoAssets(): Router {
  const router = Router();
  for (const directory of [DEMO_IMAGES_DIR, DEMO_PAGES_DIR]) {
    router.use(
      express.static(directory, {
        maxAge: '1d',
        index: false,
        setHeaders(res) {
          res.setHeader('Content-Security-Policy', "default-src 'none'; style-src 'unsafe-inline'; sandbox");
        },
      }),
    );
  }
  router.use((_req, res) => {
    res.status(404).setHeader('Cache-Control', 'no-store').end();
  });
  return router;
}
