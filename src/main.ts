import type { FastifyInstance } from 'fastify';
import type { Config } from './config/config.js';
import { createAppContext, type AppContext, type ContextOverrides } from './context.js';
import { migrateToLatest } from './db/database.js';
import { buildServer } from './web/server.js';

export interface RunningDaemon {
  ctx: AppContext;
  server: FastifyInstance;
  /** Stops intake, finishes in-flight work, closes connections. */
  shutdown(): Promise<void>;
}

export async function startDaemon(config: Readonly<Config>, overrides: ContextOverrides = {}): Promise<RunningDaemon> {
  const ctx = createAppContext(config, overrides);
  await migrateToLatest(ctx.db, ctx.log.child({ component: 'db' }));
  const server = buildServer(ctx);
  await server.listen({ host: config.http.host, port: config.http.port });
  const addr = server.server.address();
  const port = typeof addr === 'object' && addr ? addr.port : config.http.port;
  ctx.sender.start();
  ctx.pipeline.start();
  ctx.watcher.start();
  ctx.scheduler.start();
  ctx.log.info({ port, mailbox: config.imap.mailbox, ai: config.llm.enabled && config.llm.apiKey !== null }, 'hermes started');
  if (config.channels.forwarded.length > 0 && config.brain.forwardFrom.length === 0) {
    ctx.log.warn('no FORWARD_FROM_ADDRESSES, OWNER_ALERT_ADDRESS or MONITOR_ADDRESS: forwards from anyone to the forwarded address are answered');
  }

  let closing: Promise<void> | null = null;
  const shutdown = () =>
    (closing ??= (async () => {
      ctx.log.info('shutting down');
      await ctx.scheduler.stop();
      await ctx.watcher.stop();
      await ctx.pipeline.stop();
      await ctx.sender.stop();
      ctx.transport.close();
      await server.close();
      await ctx.db.destroy();
      ctx.log.info('stopped');
    })());
  return { ctx, server, shutdown };
}

/** `hermes serve`: runs until SIGTERM/SIGINT, then drains and exits 0 within the configured time. */
export async function serve(config: Readonly<Config>): Promise<void> {
  const daemon = await startDaemon(config);
  const log = daemon.ctx.log;
  const onSignal = (signal: NodeJS.Signals) => {
    log.info({ signal }, 'signal received');
    const force = setTimeout(() => {
      log.error('shutdown took too long, exiting');
      process.exit(1);
    }, config.shutdownTimeoutMs);
    force.unref();
    daemon.shutdown().then(
      () => process.exit(0),
      (err: unknown) => {
        log.error({ err }, 'shutdown failed');
        process.exit(1);
      },
    );
  };
  process.once('SIGTERM', onSignal);
  process.once('SIGINT', onSignal);
}
