import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context.js';
import { outboxBacklog } from '../outbound/outbox.repository.js';

export function healthRoutes(app: FastifyInstance, ctx: AppContext): void {
  app.get('/healthz', async (_req, reply) => {
    const now = ctx.now();
    const watcher = ctx.watcher;
    const lastSyncAt = watcher.lastSyncAt;
    const syncAgeMs = lastSyncAt === null ? null : now - lastSyncAt;
    // A fresh process gets the same grace as a stale sync before it is reported unhealthy.
    const reference = lastSyncAt ?? ctx.startedAt;
    const healthy = now - reference <= ctx.config.http.maxSyncAgeMs;
    const body = {
      status: healthy ? 'ok' : 'unhealthy',
      imap: { state: watcher.state, lastSyncAt: lastSyncAt ? new Date(lastSyncAt).toISOString() : null, syncAgeMs, lastError: watcher.lastError },
      outbox: await outboxBacklog(ctx.db),
      uptimeMs: now - ctx.startedAt,
    };
    return reply.status(healthy ? 200 : 503).send(body);
  });
}
