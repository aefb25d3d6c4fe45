import { createHash } from 'node:crypto';
import type { Config } from '../config/config.js';
import type { Db } from '../db/database.js';

export const AI_MODES = ['off', 'allowlist', 'percentage', 'all'] as const;
export type AiMode = (typeof AI_MODES)[number];

/** Who gets model-written replies. Everyone else gets templates and the keyword intent classifier. */
export interface AiRollout {
  mode: AiMode;
  /** Sender addresses or domains (a domain also covers its subdomains). */
  allowlist: string[];
  /** 0–100: the share of senders, stable per sender. */
  percentage: number;
}

/** A conversation's `ai_enabled`: 0 follows the rollout, 1 forces the model on, -1 forces it off. */
export type AiOverride = -1 | 0 | 1;

const KEYS = { mode: 'ai.mode', allowlist: 'ai.allowlist', percentage: 'ai.percentage' } as const;

/**
 * The sender's bucket 0–99 from a hash of the address, so a sender stays on the same side of a
 * percentage rollout across messages, restarts and machines.
 */
export function senderBucket(sender: string): number {
  return createHash('sha256').update(sender.trim().toLowerCase()).digest().readUInt32BE(0) % 100;
}

function onAllowlist(allowlist: readonly string[], sender: string): boolean {
  const address = sender.trim().toLowerCase();
  const domain = address.split('@')[1] ?? '';
  return allowlist.some((entry) => {
    const e = entry.trim().toLowerCase().replace(/^@/, '');
    if (!e) return false;
    if (e.includes('@')) return e === address;
    return domain === e || domain.endsWith(`.${e}`);
  });
}

export function aiEnabledFor(rollout: AiRollout, sender: string, override: number): boolean {
  if (override > 0) return true;
  if (override < 0) return false;
  switch (rollout.mode) {
    case 'off':
      return false;
    case 'all':
      return true;
    case 'allowlist':
      return onAllowlist(rollout.allowlist, sender);
    case 'percentage':
      return senderBucket(sender) < rollout.percentage;
  }
}

/**
 * The rollout in force: values set at runtime by `hermes ai` (the settings table) win over the
 * environment, so the mode changes without a restart. `AI_ENABLED=false` is a hard off switch
 * that the runtime setting cannot override.
 */
export async function readRollout(db: Db, config: Readonly<Config>): Promise<AiRollout> {
  const base: AiRollout = { mode: config.llm.mode, allowlist: config.llm.allowlist, percentage: config.llm.percentage };
  if (!config.llm.enabled) return { ...base, mode: 'off' };
  const rows = await db.selectFrom('settings').select(['key', 'value']).where('key', 'in', Object.values(KEYS)).execute();
  const get = (k: string) => rows.find((r) => r.key === k)?.value;
  const mode = get(KEYS.mode);
  const allowlist = get(KEYS.allowlist);
  const percentage = Number(get(KEYS.percentage));
  return {
    mode: (AI_MODES as readonly string[]).includes(mode ?? '') ? (mode as AiMode) : base.mode,
    allowlist: allowlist !== undefined ? (JSON.parse(allowlist) as string[]) : base.allowlist,
    percentage: Number.isInteger(percentage) && percentage >= 0 && percentage <= 100 ? percentage : base.percentage,
  };
}

export async function writeRollout(db: Db, patch: Partial<AiRollout>, now: number): Promise<void> {
  const values: Array<{ key: string; value: string; updated_at: number }> = [];
  if (patch.mode !== undefined) values.push({ key: KEYS.mode, value: patch.mode, updated_at: now });
  if (patch.allowlist !== undefined) values.push({ key: KEYS.allowlist, value: JSON.stringify(patch.allowlist), updated_at: now });
  if (patch.percentage !== undefined) values.push({ key: KEYS.percentage, value: String(patch.percentage), updated_at: now });
  if (values.length === 0) return;
  await db
    .insertInto('settings')
    .values(values)
    .onConflict((oc) => oc.column('key').doUpdateSet((eb) => ({ value: eb.ref('excluded.value'), updated_at: eb.ref('excluded.updated_at') })))
    .execute();
}
