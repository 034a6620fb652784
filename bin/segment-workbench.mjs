#!/usr/bin/env node
// The installed command: runs the bundled command line (dist/cli, built by `npm install`'s prepare
// step or `npm run build:cli`). Without the bundle it says how to make it, in one line.
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const bundle = fileURLToPath(new URL('../dist/cli/main.mjs', import.meta.url));
if (!existsSync(bundle)) {
  process.stderr.write('error: the command line is not built yet: run `npm run build:cli` in the segment-workbench folder\n');
  process.exit(2);
}
await import(bundle);
