import type { Config } from '../config/config.js';
import { migrateToLatest, openDatabase } from '../db/database.js';
import { fabricatePii, loadPiiPools, newPiiSeed, type FabricatedPii } from '../persona/fabricate.js';
import { AppError } from '../shared/errors.js';

const USAGE = 'usage: hermes fabricate <conversationId>';

export interface FabricateOutput extends FabricatedPii {
  conversationId: number;
}

/**
 * `hermes fabricate <conversationId>`: the fabricated PII this conversation gives (or gave) a
 * recruiter who asks, so the owner can see what was said in their name. A conversation without
 * a seed yet gets one now and keeps it: the values printed are the ones the recruiter will be
 * told later, not a preview that changes. The pools are read before anything is written, so a
 * broken config/pii-pools.yaml stores nothing.
 */
export async function fabricateCommand(config: Readonly<Config>, args: string[]): Promise<FabricateOutput> {
  const [raw, ...rest] = args;
  const id = Number(raw);
  if (!raw || rest.length > 0 || !/^\d+$/.test(raw) || !Number.isSafeInteger(id) || id <= 0) throw new AppError('INPUT_INVALID', USAGE);
  const pools = loadPiiPools(config.configDir);
  const db = openDatabase(config.databasePath);
  try {
    await migrateToLatest(db);
    const found = await db.selectFrom('conversations').select('pii_seed').where('id', '=', id).executeTakeFirst();
    if (!found) throw new AppError('INPUT_INVALID', `conversation ${id} does not exist`);
    if (!found.pii_seed) {
      // Only where still empty: a daemon that seeded this conversation meanwhile keeps its seed.
      await db.updateTable('conversations').set({ pii_seed: newPiiSeed() }).where('id', '=', id).where('pii_seed', 'is', null).execute();
    }
    const { pii_seed: seed } = await db.selectFrom('conversations').select('pii_seed').where('id', '=', id).executeTakeFirstOrThrow();
    return { conversationId: id, ...fabricatePii(seed!, pools) };
  } finally {
    await db.destroy();
  }
}
