import { Router } from 'express';
import { withDeadline } from '../../domain/deadline';
import { sendProblem } from '../problem';

/** Liveness and readiness (the index of what this server offers, `/`, is the front door's: front-door/). */
export function serviceRouter(options: { checkDatabase: () => Promise<void>; storeTimeoutMs: number }): Router {
  const router = Router();
  router.get('/healthz', (_req, res) => {
    res.setHeader('Cache-Control', 'no-store');
    res.json({ status: 'ok' });
  });
  router.get('/readyz', async (req, res) => {
    try {
      await withDeadline(options.checkDatabase(), options.storeTimeoutMs);
      res.setHeader('Cache-Control', 'no-store');
      res.json({ status: 'ready' });
    } catch (error) {
      req.log?.warn({ err: error }, 'readiness check failed');
      res.setHeader('Retry-After', '5');
      sendProblem(res, 503, 'unavailable', 'The database cannot be reached.');
    }
  });
  return router;
}
