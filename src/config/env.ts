import { loadConfig, type Config } from './config.js';

/** The one place that reads process.env. */
export function configFromProcessEnv(opts: { daemon?: boolean } = {}): Readonly<Config> {
  return loadConfig(process.env, opts);
}

/** A few named variables from the process environment (the demo passes the model settings through). */
export function pickProcessEnv(names: readonly string[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const name of names) {
    const value = process.env[name];
    if (value !== undefined && value !== '') out[name] = value;
  }
  return out;
}
