import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../../src/config/config.js';
import { settingsSchema } from '../../../src/config/schema.js';

const ROOT = path.resolve(import.meta.dirname, '../../..');
const keys = Object.keys(settingsSchema.shape);

describe('settings documentation', () => {
  const readme = readFileSync(path.join(ROOT, 'README.md'), 'utf8');
  const example = readFileSync(path.join(ROOT, 'config/hermes.example.env'), 'utf8');

  it.each(keys)('%s has a row in the README settings table', (key) => {
    expect(readme).toMatch(new RegExp(`^\\| \`${key}\` \\|`, 'm'));
  });

  it.each(keys)('%s is in config/hermes.example.env', (key) => {
    expect(example).toMatch(new RegExp(`^${key}=`, 'm'));
  });

  it('the example file is a valid configuration', () => {
    const env = Object.fromEntries(
      example
        .split('\n')
        .filter((l) => /^[A-Z_]+=/.test(l))
        .map((l) => [l.slice(0, l.indexOf('=')), l.slice(l.indexOf('=') + 1)]),
    );
    const config = loadConfig({ ...env, IMAP_PASSWORD: 'x' }, { daemon: true });
    expect(config.channels.forwarded).toEqual(['me.forward@example.com']);
    expect(config.ownAddresses).toContain('recruit@example.com');
  });
});
