import Fastify, { LogController, type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import type { AppContext } from '../context.js';
import { healthRoutes } from './health.js';

/** Builds the HTTP server without listening, so tests can use `inject`. */
export function buildServer(ctx: AppContext): FastifyInstance {
  const app = Fastify({
    loggerInstance: ctx.log.child({ component: 'web' }) as FastifyBaseLogger,
    logController: new LogController({ disableRequestLogging: true }),
  }) as unknown as FastifyInstance;
  app.setErrorHandler((err: { statusCode?: number; message?: string }, req, reply) => {
    const status = err.statusCode ?? 500;
    if (status >= 500) req.log.error({ err }, 'request failed');
    void reply.status(status).send({ error: status >= 500 ? 'internal error' : (err.message ?? 'error') });
  });
  healthRoutes(app, ctx);
  return app;
}
