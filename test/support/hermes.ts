import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { loadConfig } from '../../src/config/config.js';
import type { LocalMail } from '../../src/devservers/local-mail.js';
import { startDaemon, type RunningDaemon } from '../../src/main.js';
import { openDatabase, type Db } from '../../src/db/database.js';
import { testLogger } from './logger.js';
import { waitUntil } from './wait.js';

const ROOT = path.resolve(import.meta.dirname, '../..');

/** Fast retry and reconnect timings so outage tests finish in seconds. */
export const FAST_ENV = {
  IMAP_BACKOFF_BASE_MS: '100',
  IMAP_BACKOFF_MAX_MS: '1000',
  IMAP_RESYNC_INTERVAL_SECONDS: '5',
  OUTBOX_RETRY_BASE_MS: '200',
  OUTBOX_RETRY_MAX_MS: '1000',
  RECONCILE_GRACE_SECONDS: '2',
};

export async function startHermes(mail: LocalMail, extra: Record<string, string> = {}): Promise<RunningDaemon> {
  const config = loadConfig(mail.hermesEnv({ ...FAST_ENV, ...extra }), { daemon: true });
  const daemon = await startDaemon(config, { log: testLogger() });
  await waitUntil(() => daemon.ctx.watcher.caughtUp, { what: 'first mailbox sync' });
  return daemon;
}

export interface HermesProcess {
  child: ChildProcess;
  stderr: () => string;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

/** Runs `hermes serve` as a separate process, as a user would, so tests can SIGKILL it. */
export function spawnHermes(env: Record<string, string>): HermesProcess {
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(ROOT, 'src/cli.ts'), 'serve'], {
    cwd: ROOT,
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '/tmp', LOG_LEVEL: 'info', LOG_FORMAT: 'json', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let err = '';
  child.stderr!.on('data', (d: Buffer) => {
    err += d.toString();
  });
  child.stdout!.resume();
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  );
  return { child, stderr: () => err, exited };
}

/** A separate read connection to the daemon's database (WAL allows it while the daemon runs). */
export function readDb(file: string): Db {
  return openDatabase(file);
}
