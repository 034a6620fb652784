/**
 * `deterministic` on the local engine (tiny fixture, real node-llama-cpp): the run decodes one
 * window at a time whatever the host's WORKBENCH_PARALLEL says, says so in meta, and refuses a
 * run option asking for more windows at once; the host reads WORKBENCH_DETERMINISTIC.
 */
import { describe, expect, it } from 'vitest';
import { describeDocument } from '../../shared/document/document-info';
import { runModelStrategy } from '../../electron/services/strategies/run-model-strategy';
import { hostSettingsFromEnvironment } from '../../electron/services/host/settings';
import { useTinyEngine } from './tiny-engine';
import { fixtureModelsDir, mobyDickOpening } from './tiny-profiles';

const text = mobyDickOpening(900);
const info = describeDocument('moby-dick-opening.txt', text);
const tiny = useTinyEngine();

function run(options: Record<string, unknown>, settings: Record<string, unknown> = {}) {
  return runModelStrategy(
    { text, info, strategy: 'simple', options: { profile: 'tiny-simple', gpu: 'off', threads: 1, ...options } as never, settings },
    {},
    { engine: tiny.engine, profilesDir: tiny.profilesDir, modelsDir: fixtureModelsDir },
  );
}

describe('deterministic runs', () => {
  it('decode one window at a time over the host’s parallel setting, and say so in meta', async () => {
    const r = await run({ deterministic: true }, { parallel: '4' });
    expect(r.meta.deterministic).toBe(true);
    expect(r.meta.parallel).toBe(1);
    const plain = await run({ parallel: 2 });
    expect(plain.meta.deterministic).toBe(false);
    expect(plain.meta.parallel).toBe(2);
    const fromHost = await run({}, { deterministic: true, parallel: '4' });
    expect(fromHost.meta.deterministic).toBe(true);
    expect(fromHost.meta.parallel).toBe(1);
    expect(fromHost.segmentation).toEqual(r.segmentation);
  }, 600_000);

  it('refuse more windows at once asked beside them', async () => {
    await expect(run({ deterministic: true, parallel: 4 })).rejects.toThrow('deterministic runs decode one window at a time; it cannot take 4 windows at once (--parallel)');
  });

  it('are the host setting WORKBENCH_DETERMINISTIC', () => {
    expect(hostSettingsFromEnvironment({ WORKBENCH_DETERMINISTIC: '1' }).deterministic).toBe(true);
    expect(hostSettingsFromEnvironment({ WORKBENCH_DETERMINISTIC: '0' }).deterministic).toBeUndefined();
    expect(hostSettingsFromEnvironment({}).deterministic).toBeUndefined();
  });
});
