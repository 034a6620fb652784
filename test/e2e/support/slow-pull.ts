/**
 * A served workbench with one profile, `slow`, whose base model (the tiny fixture) is pulled from a
 * loopback hub that sends 64 KiB every 100 ms: the 25 MB file takes about 40 s, so a test can act
 * on a pull under way. `addModels` puts files in the models folder before the host starts.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { LoopbackHub } from '../../models/loopback-hub';
import { TINY_MODEL, requireFixtures } from '../../models/paths';
import { openServedWorkbench, type ServedWorkbench } from './served-workbench';

export async function servedWithSlowPull(hub: LoopbackHub, dir: string, addModels: (models: string) => void = () => {}): Promise<ServedWorkbench> {
  requireFixtures();
  const models = join(dir, 'models');
  const profiles = join(dir, 'profiles');
  mkdirSync(models);
  mkdirSync(profiles);
  addModels(models);
  hub.addFile('Qwen/Tiny-GGUF/tiny-qwen2.gguf', readFileSync(TINY_MODEL));
  hub.behaviour = { pieceDelayMs: 100 };
  const endpoint = await hub.start();
  const model = { base: { file: 'tiny-qwen2.gguf', uri: 'hf:Qwen/Tiny-GGUF/tiny-qwen2.gguf' } };
  writeFileSync(join(profiles, 'slow.json'), JSON.stringify({ name: 'slow', strategy: 'simple', model, prompt: { template: '{{text}}' }, output: {} }));
  return openServedWorkbench({ args: ['--models-dir', models, '--profiles', profiles], env: { ...process.env, HF_ENDPOINT: endpoint } });
}
