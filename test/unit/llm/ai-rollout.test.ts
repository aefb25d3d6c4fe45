import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../../../src/config/config.js';
import { migrateToLatest, openDatabase, type Db } from '../../../src/db/database.js';
import { aiEnabledFor, readRollout, senderBucket, writeRollout, type AiRollout } from '../../../src/llm/ai-rollout.js';
import { tempDir } from '../../support/temp-dir.js';

const rollout = (r: Partial<AiRollout>): AiRollout => ({ mode: 'all', allowlist: [], percentage: 100, ...r });

describe('aiEnabledFor', () => {
  it('off and all ignore the sender', () => {
    expect(aiEnabledFor(rollout({ mode: 'off' }), 'a@x.com', 0)).toBe(false);
    expect(aiEnabledFor(rollout({ mode: 'all' }), 'a@x.com', 0)).toBe(true);
  });

  it('the per-conversation override wins over every mode', () => {
    expect(aiEnabledFor(rollout({ mode: 'off' }), 'a@x.com', 1)).toBe(true);
    expect(aiEnabledFor(rollout({ mode: 'all' }), 'a@x.com', -1)).toBe(false);
  });

  it('allowlist matches whole addresses, domains and their subdomains, not look-alike domains', () => {
    const r = rollout({ mode: 'allowlist', allowlist: ['jane@agency.io', 'example.org', '@corp.dev'] });
    expect(aiEnabledFor(r, 'Jane@Agency.io', 0)).toBe(true);
    expect(aiEnabledFor(r, 'bob@agency.io', 0)).toBe(false);
    expect(aiEnabledFor(r, 'x@example.org', 0)).toBe(true);
    expect(aiEnabledFor(r, 'x@mail.example.org', 0)).toBe(true);
    expect(aiEnabledFor(r, 'x@notexample.org', 0)).toBe(false);
    expect(aiEnabledFor(r, 'x@corp.dev', 0)).toBe(true);
  });

  it('percentage is stable per sender and close to the requested share', () => {
    const senders = Array.from({ length: 4000 }, (_, i) => `recruiter${i}@agency${i % 37}.com`);
    const r = rollout({ mode: 'percentage', percentage: 30 });
    const on = senders.filter((s) => aiEnabledFor(r, s, 0));
    expect(on.length / senders.length).toBeGreaterThan(0.27);
    expect(on.length / senders.length).toBeLessThan(0.33);
    for (const s of senders.slice(0, 50)) expect(aiEnabledFor(r, s.toUpperCase(), 0)).toBe(aiEnabledFor(r, s, 0));
    // Raising the percentage only adds senders: nobody who had the model loses it.
    const wider = rollout({ mode: 'percentage', percentage: 60 });
    for (const s of on) expect(aiEnabledFor(wider, s, 0)).toBe(true);
    expect(aiEnabledFor(rollout({ mode: 'percentage', percentage: 0 }), senders[0]!, 0)).toBe(false);
    expect(senderBucket('a@b.c')).toBe(senderBucket(' A@B.C '));
  });
});

describe('runtime rollout in the settings table', () => {
  let db: Db;
  let file: string;
  beforeEach(async () => {
    file = path.join(tempDir('hermes-ai-'), 'h.sqlite');
    db = openDatabase(file);
    await migrateToLatest(db);
  });
  afterEach(async () => {
    await db.destroy();
  });

  it('falls back to the environment, then the database value wins', async () => {
    const config = loadConfig({ AI_MODE: 'allowlist', AI_ALLOWLIST: 'example.org', AI_PERCENTAGE: '20' });
    expect(await readRollout(db, config)).toEqual({ mode: 'allowlist', allowlist: ['example.org'], percentage: 20 });
    await writeRollout(db, { mode: 'percentage', percentage: 55 }, 1);
    expect(await readRollout(db, config)).toEqual({ mode: 'percentage', allowlist: ['example.org'], percentage: 55 });
    await writeRollout(db, { mode: 'off' }, 2);
    expect((await readRollout(db, config)).mode).toBe('off');
  });

  it('AI_ENABLED=false cannot be overridden at runtime', async () => {
    await writeRollout(db, { mode: 'all' }, 1);
    expect((await readRollout(db, loadConfig({ AI_ENABLED: 'false' }))).mode).toBe('off');
  });
});
