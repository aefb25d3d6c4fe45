/**
 * How the Docker image starts Hermes, read from the Dockerfile: the Node flags of its CMD and the
 * allocator settings (`MALLOC_*`) of its runtime stage's ENV. The loop benchmark runs its child
 * with them, so that it measures what the image runs; a test checks that this Node accepts them.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';

export interface ImageRuntime {
  /** Node's flags, between `node` and the script. */
  nodeFlags: string[];
  /** The script and its arguments. */
  command: string[];
  /** The runtime stage's `MALLOC_*` variables. */
  mallocEnv: Record<string, string>;
}

export function imageRuntime(root: string): ImageRuntime {
  const file = path.join(root, 'Dockerfile');
  const text = readFileSync(file, 'utf8').replace(/\\\r?\n/g, ' ');
  const stages = text.split(/^FROM\s/m);
  const runtime = stages[stages.length - 1] ?? '';
  // The image's own CMD starts a line; HEALTHCHECK's CMD is on its continuation.
  const cmds = [...runtime.matchAll(/^CMD\s+(\[.*\])\s*$/gm)];
  const cmd = cmds[cmds.length - 1];
  if (!cmd) throw new Error(`${file}: no CMD in exec form in the last stage`);
  const argv = JSON.parse(cmd[1] as string) as string[];
  const script = argv.findIndex((a, i) => i > 0 && !a.startsWith('-'));
  if (argv[0] !== 'node' || script < 0) throw new Error(`${file}: CMD does not run node with a script: ${cmd[1]}`);
  const mallocEnv: Record<string, string> = {};
  for (const env of runtime.matchAll(/^ENV\s+(.*)$/gm)) {
    for (const pair of (env[1] as string).trim().split(/\s+/)) {
      const eq = pair.indexOf('=');
      if (eq > 0 && pair.startsWith('MALLOC_')) mallocEnv[pair.slice(0, eq)] = pair.slice(eq + 1);
    }
  }
  return { nodeFlags: argv.slice(1, script), command: argv.slice(script), mallocEnv };
}
