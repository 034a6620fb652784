import { describe, expect, it } from 'vitest';
import { MODEL_STRATEGY_NAMES } from '../../../shared/strategies/run-options';
import { LEARNED_STRATEGY_NAME } from '../../../shared/learn/segment';
import { RULE_STRATEGIES } from '../../../shared/strategies';
import { allStrategyNames, isModelStrategy, runnerFor, strategyKindOf } from './registry';
import { hostSettingsFromEnvironment, runSettingsOf } from '../host/settings';

describe('the strategy registry', () => {
  it('knows every rule, learned and model strategy by kind, and nothing else', () => {
    for (const { name } of RULE_STRATEGIES) expect(strategyKindOf(name)).toBe('rules');
    expect(strategyKindOf(LEARNED_STRATEGY_NAME)).toBe('learned');
    for (const name of MODEL_STRATEGY_NAMES) expect(strategyKindOf(name)).toBe('model');
    expect(strategyKindOf('no-such')).toBeUndefined();
    expect(allStrategyNames()).toEqual([...RULE_STRATEGIES.map((s) => s.name), LEARNED_STRATEGY_NAME, ...MODEL_STRATEGY_NAMES]);
    expect(isModelStrategy('topic')).toBe(true);
    expect(isModelStrategy('structural')).toBe(false);
  });

  it('hands out a runner per kind; the rule runner segments without loading llama.cpp', async () => {
    const run = await runnerFor('rules');
    const text = 'One.\n\nTwo.';
    const result = await run({ text, info: { name: 't', chars: text.length, sha256: '' }, strategy: 'structural', options: {} }, {});
    expect(result.strategy).toBe('structural');
    expect(result.meta).toMatchObject({ kind: 'rules' });
  });

  it("passes a strategy's own options through: structural's minChars, once unreachable, changes the cuts", async () => {
    const run = await runnerFor('rules');
    const text = 'A short one.\n\nAnother short one.\n\nA third, also short.';
    const info = { name: 't', chars: text.length, sha256: '' };
    const merged = await run({ text, info, strategy: 'structural', options: {} }, {});
    const kept = await run({ text, info, strategy: 'structural', options: { structural: { minChars: 1 } } }, {});
    expect(merged.segmentation.boundaries).toHaveLength(0);
    expect(kept.segmentation.boundaries).toHaveLength(2);
    expect(kept.meta).toMatchObject({ options: { structural: { minChars: 1 } } });
  });
});

describe('host settings from the environment', () => {
  it('reads the folders, GPU, threads, parallel, servers and switches a user set, and nothing that is unset', () => {
    const hubDefault = { endpoint: 'https://huggingface.co/', tokenFile: expect.stringMatching(/huggingface\/token$/) };
    expect(hostSettingsFromEnvironment({})).toEqual({ debug: false, hub: hubDefault, hubEndpoint: 'https://huggingface.co/' });
    const host = hostSettingsFromEnvironment({
      WORKBENCH_MODELS_DIR: '/m',
      WORKBENCH_PROFILES_DIR: '/p',
      WORKBENCH_GPU: 'off',
      WORKBENCH_THREADS: '2',
      WORKBENCH_PARALLEL: '4',
      WORKBENCH_ENDPOINTS: 'http://a:1, http://b:2',
      WORKBENCH_API_KEY: 'k',
      WORKBENCH_DEBUG: '1',
      HF_ENDPOINT: 'http://127.0.0.1:9/hub',
      HF_TOKEN: 'hf_secret',
      OTHER: 'x',
    });
    expect(host).toEqual({
      modelsDir: '/m',
      profilesDir: '/p',
      gpu: 'off',
      threads: '2',
      parallel: '4',
      apiKey: 'k',
      debug: true,
      remote: { endpoints: ['http://a:1', 'http://b:2'], apiKey: 'k' },
      hub: { endpoint: 'http://127.0.0.1:9/hub/', token: 'hf_secret', tokenFile: expect.any(String) },
      hubEndpoint: 'http://127.0.0.1:9/hub/',
    });
    // A run gets the key only inside the servers' settings, the hub's endpoint but not its token, and no host switch.
    expect(runSettingsOf(host)).toEqual({ modelsDir: '/m', profilesDir: '/p', hubEndpoint: 'http://127.0.0.1:9/hub/', gpu: 'off', threads: '2', parallel: '4', remote: host.remote });
  });

  it('takes the hub endpoint by node-llama-cpp\'s rule (MODEL_ENDPOINT before HF_ENDPOINT) and the token file by the hub\'s', () => {
    expect(hostSettingsFromEnvironment({ MODEL_ENDPOINT: 'http://m.test', HF_ENDPOINT: 'http://h.test' }).hub.endpoint).toBe('http://m.test/');
    expect(hostSettingsFromEnvironment({ MODEL_ENDPOINT: 'not a url', HF_ENDPOINT: 'http://h.test' }).hub.endpoint).toBe('http://h.test/');
    expect(hostSettingsFromEnvironment({ HF_HOME: '/hf' }).hub.tokenFile).toBe('/hf/token');
    expect(hostSettingsFromEnvironment({ HF_HOME: '/hf', HF_TOKEN_PATH: '/t' }).hub.tokenFile).toBe('/t');
  });
});
