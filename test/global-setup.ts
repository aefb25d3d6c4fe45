import { dovecotBinary, ensureDovecotInstalled } from '../src/devservers/dovecot.js';

/**
 * The integration tests need Dovecot. As root (CI, a fresh VPS) it is installed like the demo
 * does; otherwise the Dovecot suites are skipped with a clear notice, and CI fails instead.
 */
export default async function setup(): Promise<void> {
  if (dovecotBinary()) return;
  const installed = await ensureDovecotInstalled((line) => process.stderr.write(`${line}\n`));
  if (installed && dovecotBinary()) return;
  if (process.env.CI) throw new Error('dovecot-imapd is required for the integration tests in CI');
  process.stderr.write('dovecot-imapd is not installed: the IMAP integration tests will be skipped.\n');
}
