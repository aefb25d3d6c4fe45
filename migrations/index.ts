import type { Migration } from 'kysely';
import * as m0001 from './0001_initial.js';

/** Static list: migrations are bundled with the code, never discovered on disk at run time. */
export const migrations: Record<string, Migration> = {
  '0001_initial': m0001,
};
