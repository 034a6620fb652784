/** `PROFILE@LAYOUT` names load the profile with that prompt layout; the instruction defaults from the strategy. */
import { describe, expect, it } from 'vitest';
import { loadProfile } from '../../electron/services/inference/profiles';
import { InferenceError } from '../../electron/services/inference/errors';
import { writeTinyProfiles } from './tiny-profiles';

describe('profile variants', () => {
  const profilesDir = writeTinyProfiles();

  it('loads tiny-topic@chatml-instruction as tiny-topic with that layout and a default instruction', async () => {
    const { profile, path } = await loadProfile('tiny-topic@chatml-instruction', { profilesDir });
    expect(path.endsWith('tiny-topic.json')).toBe(true);
    expect(profile.name).toBe('tiny-topic@chatml-instruction');
    expect(profile.prompt.format).toBe('chatml-instruction');
    expect(profile.prompt.instruction).toMatch(/topic/);
    const plain = await loadProfile('tiny-topic', { profilesDir });
    expect(plain.profile.prompt.format).toBe('chatml');
  });

  it('says which layouts exist when the name asks for another', async () => {
    await expect(loadProfile('tiny-topic@llama3', { profilesDir })).rejects.toThrow(InferenceError);
    await expect(loadProfile('tiny-topic@llama3', { profilesDir })).rejects.toThrow(/raw, chatml, chatml-instruction, alpaca/);
  });
});
