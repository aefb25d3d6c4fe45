import { existsSync } from 'node:fs';
import type { Config } from '../config/config.js';
import { migrateToLatest, openDatabase } from '../db/database.js';
import { fabricatePii, loadPiiPools, type FabricatedPii } from '../persona/fabricate.js';
import { AppError } from '../shared/errors.js';
import { validateReply, type ValidationFailure, type ValidatorTerms } from '../safety/output-validator.js';

const USAGE = 'usage: hermes check-reply [--star-verified] [--conversation ID] < draft.txt';

export interface CheckReplyContext {
  /** The owner's real personal data; matched, never printed. */
  neverSend: string[];
  /** The conversation's fabricated PII; null when it has none (no seed yet). See fabricatedLookup. */
  fabricatedFor?: (conversationId: number) => Promise<FabricatedPii | null>;
  /** The conversation's fabricated SSN alone; used only when `fabricatedFor` is absent. */
  fabricatedSsnFor?: (conversationId: number) => Promise<string | null>;
  /** Term lists from the configured config dir; the shipped ones when absent. */
  terms?: ValidatorTerms;
}

interface CheckReplyOptions { starVerified: boolean; conversationId: number | null }

function parseArgs(args: readonly string[]): CheckReplyOptions {
  const opts: CheckReplyOptions = { starVerified: false, conversationId: null };
  for (let i = 0; i < args.length; i++) {
    const arg = args[i]!;
    if (arg === '--star-verified') {
      opts.starVerified = true;
    } else if (arg === '--conversation' || arg.startsWith('--conversation=')) {
      const raw = arg.includes('=') ? arg.slice(arg.indexOf('=') + 1) : args[++i];
      const id = Number(raw);
      if (!raw || !/^\d+$/.test(raw) || !Number.isSafeInteger(id) || id <= 0) throw new AppError('INPUT_INVALID', USAGE);
      opts.conversationId = id;
    } else {
      throw new AppError('INPUT_INVALID', USAGE);
    }
  }
  return opts;
}

async function readAll(input: NodeJS.ReadableStream): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of input) chunks.push(typeof chunk === 'string' ? Buffer.from(chunk, 'utf8') : Buffer.from(chunk));
  return Buffer.concat(chunks).toString('utf8');
}

/**
 * `hermes check-reply`: runs the output validator on a draft read from `input`, as the pipeline
 * would before sending. The caller prints the result and sets the exit code.
 */
export async function checkReplyCommand(
  args: string[],
  input: NodeJS.ReadableStream,
  ctx: CheckReplyContext,
): Promise<{ pass: boolean; failures: ValidationFailure[] }> {
  const opts = parseArgs(args);
  const draft = await readAll(input);
  const id = opts.conversationId;
  const fabricated = id !== null && ctx.fabricatedFor ? await ctx.fabricatedFor(id) : null;
  const fabricatedSsn = id !== null && !ctx.fabricatedFor && ctx.fabricatedSsnFor ? await ctx.fabricatedSsnFor(id) : null;
  const result = validateReply(draft, {
    starVerified: opts.starVerified,
    ...(fabricated ? { fabricated } : { fabricatedSsn }),
    neverSend: ctx.neverSend,
    ...(ctx.terms ? { terms: ctx.terms } : {}),
  });
  return { pass: result.pass, failures: result.failures };
}

/**
 * Reads a conversation's fabricated PII from the database for `--conversation ID`. A
 * conversation without a PII seed has told nobody anything, so it gets null (no fabricated
 * value is accepted) and, unlike `hermes fabricate`, no seed is created: checking a draft
 * changes nothing. An unknown conversation is a usage error.
 */
export function fabricatedLookup(config: Readonly<Config>): (conversationId: number) => Promise<FabricatedPii | null> {
  return async (conversationId) => {
    if (config.databasePath !== ':memory:' && !existsSync(config.databasePath)) {
      throw new AppError('INPUT_INVALID', `conversation ${conversationId} does not exist (no database at ${config.databasePath})`);
    }
    const db = openDatabase(config.databasePath);
    try {
      await migrateToLatest(db);
      const row = await db.selectFrom('conversations').select('pii_seed').where('id', '=', conversationId).executeTakeFirst();
      if (!row) throw new AppError('INPUT_INVALID', `conversation ${conversationId} does not exist`);
      return row.pii_seed ? fabricatePii(row.pii_seed, loadPiiPools(config.configDir)) : null;
    } finally {
      await db.destroy();
    }
  };
}
