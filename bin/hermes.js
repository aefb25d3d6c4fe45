#!/usr/bin/env node
// The compiled build (`npm run build`, as in the Docker image) when there is one; otherwise the
// TypeScript sources through tsx, so a checkout needs no build step.
import { existsSync } from 'node:fs';

const compiled = new URL('../dist/src/cli.js', import.meta.url);
if (existsSync(compiled)) {
  await import(compiled.href);
} else {
  const { register } = await import('tsx/esm/api');
  register();
  await import('../src/cli.ts');
}
