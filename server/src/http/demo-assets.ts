import express, { Router } from 'express';
import { DEMO_IMAGES_DIR } from '../demo/demo-studio';

/**
 * The demo studio's images (SVG drawings shipped in server/demo/images). Cached for a day; an SVG
 * opened on its own gets a policy that runs nothing, as any image should. Anything else is a bare 404.
 */
export function demoAssets(): Router {
  const router = Router();
  router.use(
    express.static(DEMO_IMAGES_DIR, {
      maxAge: '1d',
      index: false,
      setHeaders(res) {
        res.setHeader('Content-Security-Policy', "default-src 'none'; style-src 'unsafe-inline'; sandbox");
      },
    }),
  );
  router.use((_req, res) => {
    res.status(404).setHeader('Cache-Control', 'no-store').end();
  });
  return router;
}
