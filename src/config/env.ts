import { loadConfig, type Config } from './config.js';

/** The one place that reads process.env. */
export function configFromProcessEnv(opts: { daemon?: boolean } = {}): Readonly<Config> {
  return loadConfig(process.env, opts);
}
