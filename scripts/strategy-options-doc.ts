/** Writes docs/strategy-options.md from the strategy declarations: `npm run docs:options`. */
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { strategyOptionsMarkdown } from '../shared/strategies/options-table';

const target = fileURLToPath(new URL('../docs/strategy-options.md', import.meta.url));
writeFileSync(target, strategyOptionsMarkdown());
process.stdout.write(`wrote ${target}\n`);
