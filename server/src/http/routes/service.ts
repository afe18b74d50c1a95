import { Router } from 'express';
import { withDeadline } from '../../domain/deadline';
import { sendProblem } from '../problem';

/** Liveness and readiness (the index of what this server offers, `/`, is the front door's: front-door/). */
export function serviceRouter(options: { checkDatabase: () => Promise<void>; storeTimeoutMs: number; isStopping?: () => boolean }): Router {
  const router = Router();
  router.get('/healthz', (_req, res) => {
    res.setHeader('Cache-Control', 'no-store');
    res.json({ status: 'ok' });
  });
  // Ready: the schema is migrated (checkDatabase fails before) and the database answers now. A
  // server shutting down is not ready any more, so a balancer's health check takes it out at once.
  router.get('/readyz', async (req, res) => {
    if (options.isStopping?.()) {
      res.setHeader('Retry-After', '5');
      return sendProblem(res, 503, 'unavailable', 'The server is shutting down.');
    }
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
