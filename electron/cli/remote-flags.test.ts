import { describe, expect, it } from 'vitest';
import { hostSettingsFromEnvironment } from '../services/host/settings';
import { remoteSettingsFrom } from './remote-flags';

describe('the remote-backend flags', () => {
  const host = hostSettingsFromEnvironment({ WORKBENCH_API_KEY: 'k' });

  it('--request-timeout becomes the settings\' per-request timeout, in milliseconds', async () => {
    await expect(remoteSettingsFrom({ backend: 'remote', endpoint: ['http://127.0.0.1:9'], 'request-timeout': 45 }, host)).resolves.toEqual({
      endpoints: ['http://127.0.0.1:9'],
      apiKey: 'k',
      requestTimeoutMs: 45_000,
    });
  });

  it('refuses it without --backend remote, naming the flag', async () => {
    await expect(remoteSettingsFrom({ 'request-timeout': 45 }, host)).rejects.toThrow('--request-timeout applies only with --backend remote');
  });
});
