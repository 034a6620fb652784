/**
 * `cli models ...` spawned as a user runs it: exit codes, one-line errors, JSON output. The logic
 * behind each subcommand is tested in-process in the other files here.
 */
import { existsSync, readFileSync } from 'node:fs';
import { copyFile, mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { readGgufSummary } from './gguf-read';
import { expectUserError, runCliAll } from '../cli/support/run-cli';
import { scratchDir } from '../support/scratch-dir';
import { TINY_LORAS, TINY_MODEL, TINY_PEFT, requireFixtures } from './paths';
import { writePeft } from './peft-builder';

const dir = scratchDir('models-cli-');
beforeAll(() => requireFixtures());

describe('cli models', () => {
  it('lists, imports, converts and refuses bad input with exit 2', async () => {
    const models = join(dir, 'models');
    await mkdir(models);
    await copyFile(TINY_LORAS[2]!, join(models, 'summary.gguf'));
    await writeFile(join(dir, 'fake.gguf'), 'not a model at all, but long enough');
    const converted = join(dir, 'out', 'peft.gguf');
    const peftWithHead = join(dir, 'peft-head');
    await mkdir(peftWithHead);
    await copyFile(join(TINY_PEFT, 'adapter_model.safetensors'), join(peftWithHead, 'adapter_model.safetensors'));
    const config = JSON.parse(readFileSync(join(TINY_PEFT, 'adapter_config.json'), 'utf-8'));
    await writeFile(join(peftWithHead, 'adapter_config.json'), JSON.stringify({ ...config, modules_to_save: ['lm_head'] }));
    // The same entry with its tensor stored: a LoRA cannot carry it.
    const peftStoredHead = join(dir, 'peft-stored-head');
    await writePeft(peftStoredHead, { config: { modules_to_save: ['lm_head'] }, extraTensors: new Map([['base_model.model.lm_head.weight', { dtype: 'F32', shape: [2, 64], data: Buffer.alloc(2 * 64 * 4) }]]) });

    const [list, importBad, importOutside, importLong, convert, convertAgain, convertHead, convertStoredHead, unknown] = await runCliAll([
      ['models', 'list', '--models-dir', models, '--json'],
      ['models', 'import', join(dir, 'fake.gguf'), '--models-dir', models],
      ['models', 'import', TINY_LORAS[1]!, '--models-dir', models, '--name', '../x.gguf'],
      ['models', 'import', TINY_LORAS[1]!, '--models-dir', models, '--name', `${'n'.repeat(295)}.gguf`],
      ['models', 'convert-peft', TINY_PEFT, '--out', converted, '--base', TINY_MODEL],
      ['models', 'convert-peft', TINY_PEFT, '--out', TINY_MODEL],
      ['models', 'convert-peft', peftWithHead, '--out', join(dir, 'head.gguf')],
      ['models', 'convert-peft', peftStoredHead, '--out', join(dir, 'stored-head.gguf')],
      ['models', 'frobnicate'],
    ]);

    expect(list!.code).toBe(0);
    const listed = JSON.parse(list!.stdout);
    expect(listed.files).toHaveLength(1);
    expect(listed.files[0]).toMatchObject({ file: 'summary.gguf', kind: 'adapter', loraAlpha: 16, loraRanks: [8] });

    expect(importBad).toMatchObject({ code: 2, stderr: expect.stringMatching(/^error: fake\.gguf: not a GGUF file/) });
    expect(importBad!.stderr.trim().split('\n')).toHaveLength(1);
    expect(importOutside).toMatchObject({ code: 2, stderr: expect.stringMatching(/^error: --name must be a plain file name inside the models folder/) });
    expect(importLong).toMatchObject({ code: 2, stdout: '', stderr: expect.stringMatching(/^error: --name is 300 bytes long; a model file name may have at most 247 /) });
    expect(importLong!.stderr.trim().split('\n')).toHaveLength(1);
    expect(existsSync(join(dir, 'x.gguf'))).toBe(false);
    expect(existsSync(join(models, 'fake.gguf'))).toBe(false);

    expect(convert!.code).toBe(0);
    expect(convert!.stdout).toMatch(/rank 4, alpha 8, 28 tensors from BF16; fits tiny-qwen2\.gguf/);
    expect((await readGgufSummary(converted)).tensors).toHaveLength(28);

    // An existing file is never overwritten without --force (here: the fixture model itself).
    expect(convertAgain).toMatchObject({ code: 2, stderr: expect.stringMatching(/already exists; pass --force/) });
    // modules_to_save naming a module the file has no tensor of: PEFT keeps the base's, so the LoRA converts, with a warning line.
    expect(convertHead).toMatchObject({ code: 0, stderr: expect.stringMatching(/^warning: adapter_config\.json lists lm_head in modules_to_save, but adapter_model\.safetensors holds no tensor of it/) });
    expect(existsSync(join(dir, 'head.gguf'))).toBe(true);
    expect(convertStoredHead).toMatchObject({ code: 2, stderr: expect.stringMatching(/^error: .*modules_to_save \(lm_head\) stores full copies.*merge/) });
    expect(convertStoredHead!.stderr.trim().split('\n')).toHaveLength(1);
    expect(existsSync(join(dir, 'stored-head.gguf'))).toBe(false);
    expect(unknown).toMatchObject({ code: 2, stderr: expect.stringMatching(/unknown models subcommand/) });
  });

  it('convert-peft --merge writes a merged model and the user profile that uses it; bad flags exit 2', async () => {
    const models = join(dir, 'merge-models');
    const profiles = join(dir, 'merge-profiles');
    await mkdir(models);
    await mkdir(profiles);
    await writeFile(
      join(profiles, 'tiny-merge.json'),
      JSON.stringify({ name: 'tiny-merge', strategy: 'simple', model: { base: { file: TINY_MODEL }, adapter: { file: TINY_LORAS[0]! } }, prompt: { template: '{{text}}' }, output: {} }),
    );
    const merged = join(models, 'merged', 'tiny-merged.gguf');
    const [merge, noBase, outtype, profileAlone] = await runCliAll([
      ['models', 'convert-peft', TINY_PEFT, '--merge', '--base', TINY_MODEL, '--out', merged, '--profile', 'tiny-merge', '--models-dir', models, '--profiles-dir', profiles],
      ['models', 'convert-peft', TINY_PEFT, '--merge', '--out', join(dir, 'nobase.gguf')],
      ['models', 'convert-peft', TINY_PEFT, '--merge', '--base', TINY_MODEL, '--outtype', 'f16', '--out', join(dir, 'f16.gguf')],
      ['models', 'convert-peft', TINY_PEFT, '--profile', 'tiny-merge', '--out', join(dir, 'lora.gguf')],
    ]);
    expect(merge!.code).toBe(0);
    expect(merge!.stdout).toMatch(/tiny-peft merged in; 14 tensors changed \(14 LoRA pairs, 0 saved modules\) in F32/);
    expect((await readGgufSummary(merged)).tensors.length).toBe((await readGgufSummary(TINY_MODEL)).tensors.length);
    // The profile was written to the profiles folder (the one given), naming the merged file inside the models folder.
    const profile = JSON.parse(readFileSync(join(profiles, 'tiny-merge.json'), 'utf-8'));
    expect(profile.model).toEqual({ merged: { file: 'merged/tiny-merged.gguf' } });
    expectUserError(noBase!, /--merge needs --base MODEL/);
    expectUserError(outtype!, /--outtype does not apply to --merge/);
    expectUserError(profileAlone!, /--profile needs --merge/);
    expect(existsSync(join(dir, 'nobase.gguf')) || existsSync(join(dir, 'f16.gguf')) || existsSync(join(dir, 'lora.gguf'))).toBe(false);
  });

  it('doctor names the backend and checks every profile', async () => {
    const profiles = join(dir, 'profiles');
    const models = join(dir, 'doctor-models');
    await mkdir(profiles);
    await mkdir(models);
    await copyFile(TINY_MODEL, join(models, 'tiny-qwen2.gguf'));
    await writeFile(join(models, 'broken-lora.gguf'), Buffer.alloc(100));
    const profile = (name: string, adapter: string) =>
      JSON.stringify({ name, strategy: 'simple', model: { base: { file: 'tiny-qwen2.gguf' }, adapter: { file: adapter } }, prompt: { template: '{{text}}' }, output: {} });
    await writeFile(join(profiles, 'tiny-ok.json'), profile('tiny-ok', TINY_LORAS[0]!));
    await writeFile(join(profiles, 'tiny-bad.json'), profile('tiny-bad', 'broken-lora.gguf'));

    const [doctor] = await runCliAll([['models', 'doctor', '--gpu', 'off', '--json', '--models-dir', models, '--profiles-dir', profiles]]);
    expect(doctor!.code).toBe(0);
    const report = JSON.parse(doctor!.stdout);
    expect(report.backend).toEqual({ backend: 'cpu', devices: [], requested: 'off' });
    expect(report.modelsDir).toBe(models);
    const byName = Object.fromEntries(report.profiles.map((p: { name: string }) => [p.name, p]));
    expect(byName['tiny-ok']).toMatchObject({ ready: true });
    expect(byName['tiny-bad'].ready).toBe(false);
    expect(byName['tiny-bad'].files[1]).toMatchObject({ role: 'adapter', state: 'invalid', detail: expect.stringMatching(/not a GGUF/) });
  });
});
