import { Router } from 'express';
import { withDeadline } from '../../domain/deadline';
import { sendProblem } from '../problem';

/** Liveness, readiness and a small index of what this server offers. */
export function serviceRouter(options: { checkDatabase: () => Promise<void>; storeTimeoutMs: number; publicBaseUrl: string }): Router {
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
  router.get('/', (_req, res) => {
    res.json({
      name: 'Studio Data',
      openApi: `${options.publicBaseUrl}/api/public/openapi.json`,
      health: `${options.publicBaseUrl}/healthz`,
    });
  });
  return router;
}
