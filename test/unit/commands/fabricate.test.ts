import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fabricateCommand } from '../../../src/commands/fabricate.js';
import { loadConfig } from '../../../src/config/config.js';
import { migrateToLatest, openDatabase, type Db } from '../../../src/db/database.js';
import { fabricatePii, loadPiiPools } from '../../../src/persona/fabricate.js';
import { tempDir } from '../../support/temp-dir.js';

const CONFIG_DIR = path.resolve(import.meta.dirname, '../../../config');

describe('hermes fabricate', () => {
  let dir: string;
  let file: string;
  let db: Db;
  const config = () => loadConfig({ DATABASE_PATH: file, HERMES_CONFIG_DIR: CONFIG_DIR });
  const seedOf = async (id: number) => (await db.selectFrom('conversations').select('pii_seed').where('id', '=', id).executeTakeFirstOrThrow()).pii_seed;
  const insert = async (sender: string, pii_seed: string | null) =>
    Number(
      (
        await db
          .insertInto('conversations')
          .values({ sender, domain: 'talentco.example', to_address: null, channel: 'standard', pii_seed, created_at: 1, updated_at: 1 })
          .executeTakeFirstOrThrow()
      ).insertId,
    );

  beforeAll(async () => {
    dir = tempDir('hermes-fabricate-');
    file = path.join(dir, 'hermes.sqlite');
    db = openDatabase(file);
    await migrateToLatest(db);
  });
  afterAll(async () => {
    await db.destroy();
  });

  it("prints the values derived from the conversation's stored seed", async () => {
    const id = await insert('dana@talentco.example', 'stored-seed');
    const out = await fabricateCommand(config(), [String(id)]);
    expect(out).toEqual({ conversationId: id, ...fabricatePii('stored-seed', loadPiiPools(CONFIG_DIR)) });
    expect(Object.keys(out)).toEqual(['conversationId', 'ssn', 'ssnLast4', 'dob', 'address', 'cityState', 'driversLicense']);
    expect(await seedOf(id)).toBe('stored-seed');
  });

  it('seeds a conversation that has none and keeps that seed, so later answers match', async () => {
    const id = await insert('sam@talentco.example', null);
    const first = await fabricateCommand(config(), [String(id)]);
    const seed = await seedOf(id);
    expect(seed).toMatch(/^[0-9a-f]{32}$/);
    expect(first).toEqual({ conversationId: id, ...fabricatePii(seed!, loadPiiPools(CONFIG_DIR)) });
    expect(await fabricateCommand(config(), [String(id)])).toEqual(first);
    expect(await seedOf(id)).toBe(seed);
  });

  it('different conversations get different values', async () => {
    const a = await fabricateCommand(config(), [String(await insert('a@one.example', null))]);
    const b = await fabricateCommand(config(), [String(await insert('b@two.example', null))]);
    expect(a.ssn).not.toBe(b.ssn);
  });

  it('rejects a bad id or an unknown conversation as INPUT_INVALID', async () => {
    for (const args of [[], ['x'], ['0'], ['-3'], ['1.5'], ['1', '2'], ['99999']]) {
      await expect(fabricateCommand(config(), args), JSON.stringify(args)).rejects.toMatchObject({ code: 'INPUT_INVALID' });
    }
  });

  it('stores no seed when the pools file is broken', async () => {
    const id = await insert('c@three.example', null);
    const badConfig = path.join(dir, 'config');
    mkdirSync(badConfig);
    writeFileSync(path.join(badConfig, 'pii-pools.yaml'), 'addresses: []\ncityStates: []\n');
    await expect(fabricateCommand(loadConfig({ DATABASE_PATH: file, HERMES_CONFIG_DIR: badConfig }), [String(id)])).rejects.toMatchObject({ code: 'CONFIG_INVALID' });
    expect(await seedOf(id)).toBeNull();
  });

  it('migrates a fresh database before reading it', async () => {
    const fresh = path.join(dir, 'fresh', 'hermes.sqlite');
    await expect(fabricateCommand(loadConfig({ DATABASE_PATH: fresh, HERMES_CONFIG_DIR: CONFIG_DIR }), ['1'])).rejects.toThrow(/conversation 1 does not exist/);
  });
});
