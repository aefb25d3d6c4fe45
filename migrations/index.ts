import type { Migration } from 'kysely';
import * as m0001 from './0001_initial.js';
import * as m0002 from './0002_safety.js';
import * as m0003 from './0003_brain.js';
import * as m0004 from './0004_knowledge.js';

/** Static list: migrations are bundled with the code, never discovered on disk at run time. */
export const migrations: Record<string, Migration> = {
  '0001_initial': m0001,
  '0002_safety': m0002,
  '0003_brain': m0003,
  '0004_knowledge': m0004,
};
