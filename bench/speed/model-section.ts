/**
 * Speed section: the model pipeline against raw node-llama-cpp on the Qwen2-0.5B-shaped twin
 * (random weights), from the inference benchmark (bench/inference.ts).
 */
import { existsSync } from 'node:fs';
import { repoPath } from './load-script';
import { runBenchScript } from './script-section';
import type { SpeedSection } from './section';

export const TWIN_MODEL = 'models/test/twin-qwen2-0.5b-q8_0.gguf';

export async function modelSection(tokens: number, threads?: number): Promise<SpeedSection> {
  const title = `Model pipeline vs raw node-llama-cpp (Qwen2-0.5B-shaped twin, ${tokens} tokens of Moby-Dick; npm run bench:inference)`;
  if (!existsSync(repoPath(TWIN_MODEL))) {
    return { title, skipped: `${TWIN_MODEL} not found; generate it with: npm run fixtures -- --twin` };
  }
  const args = ['--tokens', String(tokens), ...(threads === undefined ? [] : ['--threads', String(threads)])];
  const { lines } = await runBenchScript('bench/inference.ts', args);
  return { title, lines, figures: { output: lines } };
}
