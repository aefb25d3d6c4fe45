import { existsSync } from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkReplyCommand, fabricatedLookup } from '../../../src/commands/check-reply.js';
import { loadConfig } from '../../../src/config/config.js';
import { migrateToLatest, openDatabase, type Db } from '../../../src/db/database.js';
import { fabricatePii, loadPiiPools, type FabricatedPii } from '../../../src/persona/fabricate.js';
import { validateReply, type ValidationContext } from '../../../src/safety/output-validator.js';
import { tempDir } from '../../support/temp-dir.js';

const CONFIG_DIR = path.resolve(import.meta.dirname, '../../../config');
const pools = loadPiiPools(CONFIG_DIR);
const mine = fabricatePii('conversation-one', pools);
const theirs = fabricatePii('conversation-two', pools);

const formats = (ssn: string): string[] => {
  const d = ssn.replace(/\D/g, '');
  return [`${d.slice(0, 3)}-${d.slice(3, 5)}-${d.slice(5)}`, `${d.slice(0, 3)} ${d.slice(3, 5)} ${d.slice(5)}`, d, `${d.slice(0, 3)}.${d.slice(3, 5)}.${d.slice(5)}`];
};
const piiReply = (p: FabricatedPii, ssn = p.ssn) =>
  `Hi Dana,\n\nHere you go: SSN ${ssn}, born ${p.dob}, ${p.address}, ${p.cityState}, driving licence ${p.driversLicense}.\n\nBest, Alex`;
const check = (draft: string, over: Partial<ValidationContext> = {}) => validateReply(draft, { starVerified: false, neverSend: [], ...over });

describe('validateReply with a conversation\'s fabricated PII', () => {
  it('passes the whole fabricated block, the SSN in every common format', () => {
    for (const ssn of formats(mine.ssn)) expect(check(piiReply(mine, ssn), { fabricated: mine })).toEqual({ pass: true, failures: [] });
    expect(check(`The last four are ${mine.ssnLast4}.`, { fabricated: mine }).pass).toBe(true);
  });

  it("fails another conversation's fabricated SSN, in any format", () => {
    expect(theirs.ssn).not.toBe(mine.ssn);
    for (const ssn of formats(theirs.ssn)) {
      const result = check(piiReply(mine, ssn), { fabricated: mine });
      expect(result.failures.map((f) => f.rule)).toEqual(['real_pii']);
      expect(JSON.stringify(result)).not.toContain(theirs.ssn.slice(-4));
    }
  });

  it('fails any other SSN-like number or nine-digit run next to the accepted one', () => {
    const neighbour = `${mine.ssn.slice(0, 7)}${String((Number(mine.ssnLast4) % 9999) + 1).padStart(4, '0')}`;
    for (const other of ['123-45-6789', '078 05 1120', '987654321', '900-50-1234', neighbour]) {
      expect(check(`It is ${mine.ssn}. Or ${other}.`, { fabricated: mine }).failures.map((f) => f.rule)).toEqual(['real_pii']);
    }
  });

  it('accepts no SSN at all without fabricated values', () => {
    for (const over of [{}, { fabricated: null }, { fabricated: null, fabricatedSsn: mine.ssn }]) {
      expect(check(piiReply(mine), over).failures.map((f) => f.rule)).toEqual(['real_pii']);
    }
  });

  it('the fabricated values win over fabricatedSsn, which still works alone', () => {
    expect(check(piiReply(mine), { fabricatedSsn: mine.ssn }).pass).toBe(true);
    expect(check(piiReply(mine), { fabricated: theirs, fabricatedSsn: mine.ssn }).pass).toBe(false);
  });

  it('never accepts a number outside the never-issued range, even when passed as fabricated', () => {
    for (const ssn of ['123-45-6789', '900-50-1234', '900-00-1234', '900-12-0000', '899-12-3456']) {
      const fake: FabricatedPii = { ...mine, ssn, ssnLast4: ssn.slice(-4) };
      expect(check(`SSN ${ssn}.`, { fabricated: fake }).pass, ssn).toBe(false);
      expect(check(`SSN ${ssn}.`, { fabricatedSsn: ssn }).pass, ssn).toBe(false);
    }
  });

  it('the never-send list always fails, fabricated values or not', () => {
    const result = check(piiReply(mine), { fabricated: mine, neverSend: [mine.address] });
    expect(result.failures).toEqual([{ rule: 'real_pii', detail: 'never-send value #1' }]);
    expect(check(`${piiReply(mine)}\nP.S. 12 Main Street`, { fabricated: mine, neverSend: ['12 Main St'] }).pass).toBe(false);
  });
});

describe('check-reply --conversation reads the fabricated values from the database', () => {
  let dir: string;
  let db: Db;
  let seeded: number;
  let unseeded: number;
  const input = (text: string) => Readable.from([Buffer.from(text, 'utf8')]);

  beforeAll(async () => {
    dir = tempDir('hermes-check-');
    db = openDatabase(path.join(dir, 'hermes.sqlite'));
    await migrateToLatest(db);
    const row = (sender: string, pii_seed: string | null) => ({ sender, domain: 'talentco.example', to_address: null, channel: 'standard' as const, pii_seed, created_at: 1, updated_at: 1 });
    seeded = Number((await db.insertInto('conversations').values(row('dana@talentco.example', 'conversation-one')).executeTakeFirstOrThrow()).insertId);
    unseeded = Number((await db.insertInto('conversations').values(row('sam@talentco.example', null)).executeTakeFirstOrThrow()).insertId);
  });
  afterAll(async () => {
    await db.destroy();
  });

  it("accepts the seeded conversation's SSN only, and none for a conversation without a seed", async () => {
    const config = loadConfig({ DATABASE_PATH: path.join(dir, 'hermes.sqlite'), HERMES_CONFIG_DIR: CONFIG_DIR });
    const ctx = { neverSend: [], fabricatedFor: fabricatedLookup(config) };
    const run = (args: string[], draft: string) => checkReplyCommand(['--star-verified', ...args], input(draft), ctx);
    expect(await run(['--conversation', String(seeded)], piiReply(mine))).toEqual({ pass: true, failures: [] });
    expect((await run(['--conversation', String(seeded)], piiReply(theirs))).pass).toBe(false);
    expect((await run(['--conversation', String(unseeded)], piiReply(mine))).pass).toBe(false);
    expect((await run([], piiReply(mine))).pass).toBe(false);
    // Checking a draft creates no seed.
    expect((await db.selectFrom('conversations').select('pii_seed').where('id', '=', unseeded).executeTakeFirstOrThrow()).pii_seed).toBeNull();
    await expect(run(['--conversation', '999'], piiReply(mine))).rejects.toMatchObject({ code: 'INPUT_INVALID' });
  });

  it('an unknown conversation without a database is a usage error, and no database is created', async () => {
    const missing = path.join(dir, 'absent', 'hermes.sqlite');
    const lookup = fabricatedLookup(loadConfig({ DATABASE_PATH: missing, HERMES_CONFIG_DIR: CONFIG_DIR }));
    await expect(lookup(1)).rejects.toMatchObject({ code: 'INPUT_INVALID' });
    expect(existsSync(missing)).toBe(false);
  });
});
