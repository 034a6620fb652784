/**
 * One InferenceEngine per test file on the tiny fixture model, with the tiny profiles (plus any
 * extra) written into a temporary folder: created before the file's tests, disposed after them.
 */
import { existsSync } from 'node:fs';
import { afterAll, beforeAll } from 'vitest';
import type { ProfileInput } from '../../shared/profiles/schema';
import { InferenceEngine } from '../../electron/services/native/engine';
import { tinyModelPath, writeTinyProfiles } from './tiny-profiles';

export interface TinyEngine {
  engine: InferenceEngine;
  profilesDir: string;
}

export function useTinyEngine(extraProfiles: () => ProfileInput[] = () => []): TinyEngine {
  const state = {} as TinyEngine;
  beforeAll(() => {
    if (!existsSync(tinyModelPath)) throw new Error(`missing ${tinyModelPath}: run npm run fixtures first`);
    state.engine = new InferenceEngine();
    state.profilesDir = writeTinyProfiles(extraProfiles());
  });
  afterAll(async () => {
    await state.engine?.dispose();
  });
  return state;
}
