/**
 * The pure-TypeScript Qwen2 encoder (shared/tokenize/qwen2-bpe.ts) against llama.cpp's vocab-only
 * tokenizer on a 1 MB text (READMEs and TypeScript's Japanese and Russian messages): whole, and as
 * 200,000 five-character ranges. Prints times and counts (equal counts expected), three rounds.
 * Run: `npx tsx bench/qwen2-bpe-speed.ts` from the repository root.
 */
import { readFileSync } from 'node:fs';
import { loadQwen2Bpe } from '../electron/services/tokenizer/qwen2-bpe-vocab';
import { leaseVocab } from '../electron/services/native/vocab-models';
import { resolve } from 'node:path';
import { extractQwen2Vocab, qwen2VocabCachePath } from '../electron/services/tokenizer/qwen2-vocab';
const p = resolve(await extractQwen2Vocab(qwen2VocabCachePath(resolve('models'))));
let t = performance.now(); const bpe = (await loadQwen2Bpe(p))!; console.log('js load ms', (performance.now() - t).toFixed(0));
const lease = await leaseVocab(p);
const src = ['node_modules/typescript/README.md','node_modules/zod/README.md','node_modules/typescript/lib/ja/diagnosticMessages.generated.json','node_modules/typescript/lib/ru/diagnosticMessages.generated.json'].map((f) => readFileSync(f, 'utf8')).join('\n');
const text = src.repeat(Math.ceil(1_000_000 / src.length)).slice(0, 1_000_000);
for (let k = 0; k < 3; k++) {
  t = performance.now(); const a = bpe.count(text); const tj = performance.now() - t;
  t = performance.now(); const b = lease.tokenizer.tokenize(text, false).length; const tl = performance.now() - t;
  // 200,000 ranges of 5 characters each
  t = performance.now(); let s1 = 0; for (let i = 0; i < 1_000_000; i += 5) s1 += bpe.count(text.slice(i, i + 5)); const rj = performance.now() - t;
  t = performance.now(); let s2 = 0; for (let i = 0; i < 1_000_000; i += 5) s2 += lease.tokenizer.tokenize(text.slice(i, i + 5), false).length; const rl = performance.now() - t;
  console.log(`1MB whole: js ${tj.toFixed(0)} ms (${a}) llama ${tl.toFixed(0)} ms (${b}); 200k ranges: js ${rj.toFixed(0)} ms (${s1}) llama ${rl.toFixed(0)} ms (${s2})`);
}
process.exit(0);
