import type { Config } from '../config/config.js';
import { migrateToLatest, openDatabase } from '../db/database.js';
import { AI_MODES, readRollout, writeRollout, type AiMode } from '../llm/ai-rollout.js';
import { AppError } from '../shared/errors.js';

const USAGE =
  'usage: hermes ai [status] | hermes ai <off|allowlist|percentage|all> [--percentage N] [--allowlist a@x.com,example.org] | hermes ai conversation <id> <on|off|default>';

function flag(args: string[], name: string): string | undefined {
  const i = args.indexOf(name);
  if (i < 0) return undefined;
  const v = args[i + 1];
  if (v === undefined || v.startsWith('--')) throw new AppError('INPUT_INVALID', `${name} needs a value\n${USAGE}`);
  return v;
}

/**
 * `hermes ai`: shows or switches who gets model-written replies. The running daemon reads the
 * setting from the database for every message, so a switch takes effect without a restart.
 */
export async function aiCommand(config: Readonly<Config>, args: string[], now = Date.now()): Promise<unknown> {
  const db = openDatabase(config.databasePath);
  try {
    await migrateToLatest(db);
    const [verb, ...rest] = args;
    if (verb === undefined || verb === 'status') {
      return { ...(await readRollout(db, config)), hardOff: !config.llm.enabled, model: config.llm.apiKey ? config.llm.model : null };
    }
    if (verb === 'conversation') {
      const [idArg, value] = rest;
      const id = Number(idArg);
      const override = value === 'on' ? 1 : value === 'off' ? -1 : value === 'default' ? 0 : null;
      if (!Number.isInteger(id) || id <= 0 || override === null) throw new AppError('INPUT_INVALID', USAGE);
      const res = await db.updateTable('conversations').set({ ai_enabled: override, updated_at: now }).where('id', '=', id).executeTakeFirst();
      if (Number(res.numUpdatedRows) !== 1) throw new AppError('INPUT_INVALID', `conversation ${id} does not exist`);
      return { conversationId: id, aiOverride: override };
    }
    if (!(AI_MODES as readonly string[]).includes(verb)) throw new AppError('INPUT_INVALID', `unknown AI mode: ${verb}\n${USAGE}`);
    const percentageArg = flag(rest, '--percentage');
    const allowlistArg = flag(rest, '--allowlist');
    // Digits only: Number('') is 0 (an unset shell variable would switch the model off for everyone), Number('1e1') is 10.
    const percentage = percentageArg === undefined ? undefined : /^\d{1,3}$/.test(percentageArg) ? Number(percentageArg) : NaN;
    if (percentage !== undefined && (!Number.isInteger(percentage) || percentage < 0 || percentage > 100)) {
      throw new AppError('INPUT_INVALID', '--percentage expects a whole number from 0 to 100');
    }
    const allowlist = allowlistArg?.split(',').map((a) => a.trim().toLowerCase()).filter(Boolean);
    await writeRollout(db, { mode: verb as AiMode, percentage, allowlist }, now);
    const rollout = await readRollout(db, config);
    return { ...rollout, hardOff: !config.llm.enabled };
  } finally {
    await db.destroy();
  }
}
