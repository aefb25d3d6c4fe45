import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { imageRuntime } from '../../../scripts/image-runtime.js';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

// A model request through fetch (undici, whose HTTP parser is WebAssembly) against a local server.
const FETCH_ROUND_TRIP = `
const http = require('node:http');
const server = http.createServer((req, res) => { res.setHeader('content-type', 'application/json'); res.end(JSON.stringify({ ok: true, arena: process.env.MALLOC_ARENA_MAX })); });
server.listen(0, '127.0.0.1', async () => {
  const url = 'http://127.0.0.1:' + server.address().port + '/v1/messages';
  let last;
  for (let i = 0; i < 300; i++) last = await (await fetch(url, { method: 'POST', body: '{}' })).json();
  process.stdout.write(JSON.stringify(last));
  server.close();
});
`;

describe('the Docker image runtime (Dockerfile CMD and ENV)', () => {
  const image = imageRuntime(ROOT);

  it('runs the compiled daemon with the heap caps and the allocator setting the benchmark measured', () => {
    expect(image.command).toEqual(['dist/src/cli.js', 'serve']);
    expect(image.nodeFlags).toEqual(expect.arrayContaining(['--max-old-space-size=128', '--liftoff-only']));
    expect(image.mallocEnv).toEqual({ MALLOC_ARENA_MAX: '1' });
  });

  it('starts this Node with those flags, and fetch works under them', () => {
    const res = spawnSync(process.execPath, [...image.nodeFlags, '-e', FETCH_ROUND_TRIP], {
      env: { PATH: process.env.PATH ?? '', ...image.mallocEnv },
      encoding: 'utf8',
      timeout: 30_000,
    });
    expect(res.stderr).toBe('');
    expect(res.status).toBe(0);
    expect(JSON.parse(res.stdout)).toEqual({ ok: true, arena: '1' });
  });
});
