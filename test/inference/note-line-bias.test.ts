/**
 * The note lines' constant bias (note-line-bias.ts) against llama.cpp's own grammar, on the tiny
 * fixture model (the real Qwen2 vocabulary) with real node-llama-cpp: every token it biases out is
 * refused by the note-line grammar in every state a note line passes through (its label, its first
 * character, its text, an open UTF-8 sequence, its length limit, after its newline), so the bias
 * cannot change the grammar's choice; and a note line decoded with the grammar and the bias writes
 * the tokens the grammar alone writes. The grammar is asked through node-llama-cpp 3.21.1's
 * internal `_bindings.AddonSampler` (what its own LlamaSampler calls): a later version without it
 * fails here, loudly.
 */
import { describe, expect, it } from 'vitest';
import { LlamaGrammarEvaluationState, type LlamaGrammar, type Token } from 'node-llama-cpp';
import { buildNoteGrammar } from '../../shared/profiles/constrained';
import type { OutputSettings } from '../../shared/profiles/schema';
import { grammarCodePoints, noteLineBias, refusedInEveryNoteState } from '../../electron/services/inference/completers/local/note-line-bias';
import { repeatPenaltyOver } from '../../electron/services/inference/completers/local/repeat-penalty';
import { utf8Latin1 } from '../../electron/services/inference/completers/local/token-bytes';
import { readNoteLine, useTinyModel } from './tiny-model';

const tiny = useTinyModel();

const labelled = {
  notes: 'summary',
  noteLayout: 'labelled',
  noteLabels: ['Summary:'],
  layout: 'interleaved',
  constrained: { headWords: { min: 3, max: 12 }, headPrefix: '# ', maxNoteChars: 40, scope: 'all' },
} as unknown as OutputSettings;
const headsOnly = { ...labelled, constrained: { ...labelled.constrained, scope: 'heads-only' } } as OutputSettings;

interface SamplerBindings {
  canBeNextTokenForGrammarEvaluationState(state: unknown, token: Token): boolean;
  acceptGrammarEvaluationStateToken(state: unknown, token: Token): void;
}
const sampler = () => (tiny.llama as unknown as { _bindings: { AddonSampler: SamplerBindings } })._bindings.AddonSampler;
const stateOf = (s: LlamaGrammarEvaluationState) => (s as unknown as { _state: unknown })._state;

/** The only token of these bytes. */
function token(bytes: string): Token {
  const t = tiny.vocab.byBytes.get(bytes)?.[0];
  if (t === undefined) throw new Error(`no token for ${JSON.stringify(bytes)}`);
  return t;
}

describe('the port of llama.cpp’s decode_utf8', () => {
  it('decodes as llama.cpp does, unchecked continuation bytes and open sequences included', () => {
    expect(grammarCodePoints('a\n', 0)).toMatchObject({ codePoints: [0x61, 0x0a], endsOpen: false });
    // A lead byte takes the next byte whatever it is: "\xC3\n" is one character, U+00CA.
    expect(grammarCodePoints('\xC3\n', 0)).toMatchObject({ codePoints: [0xca], endsOpen: false });
    expect(grammarCodePoints('\xE2\x80', 0)).toEqual({ codePoints: [], endsOpen: true, remain: 1 });
    // After an open sequence only continuation bytes may follow.
    expect(grammarCodePoints('\x80\n', 1)).toMatchObject({ codePoints: [null, 0x0a], endsOpen: false });
    expect(grammarCodePoints('a', 1)).toBe('invalid');
    expect(grammarCodePoints('\x80', 0)).toBe('invalid');
  });

  it('calls a token refused only where every state refuses it', () => {
    expect(refusedInEveryNoteState('\n')).toBe(false);
    expect(refusedInEveryNoteState('.\n')).toBe(false);
    expect(refusedInEveryNoteState('\n\n')).toBe(true);
    expect(refusedInEveryNoteState('.\n\n')).toBe(true);
    expect(refusedInEveryNoteState('\t')).toBe(true);
    expect(refusedInEveryNoteState(' \r\n')).toBe(true);
    expect(refusedInEveryNoteState('\xC3\n')).toBe(false);
    expect(refusedInEveryNoteState('\x80\n')).toBe(false);
    expect(refusedInEveryNoteState('\n\xE2')).toBe(true);
  });
});

describe('the note lines’ bias', () => {
  it('holds only tokens the note grammar refuses in every state a note line passes through', async () => {
    const bias = noteLineBias(tiny.model, tiny.vocab, 'Summary: ')!;
    const withEnd = [...(bias.withEnd as unknown as { _biases: Map<Token, number> })._biases.keys()];
    const withoutEnd = [...(bias.withoutEnd as unknown as { _biases: Map<Token, number> })._biases.keys()];
    // A few thousand tokens, not the vocabulary; the end tokens only where the grammar refuses them.
    expect(withEnd.length).toBeGreaterThan(1000);
    expect(withEnd.length).toBeLessThan(10_000);
    expect(withoutEnd.length).toBe(withEnd.length + tiny.vocab.eog.size);
    expect(withEnd).toContain(token('\n\n'));
    expect(withEnd).not.toContain(token('\n'));
    expect(withEnd).not.toContain(token('.\n'));

    const grammars = new Map<string, LlamaGrammar>();
    const grammar = async (settings: OutputSettings, optional: boolean) => {
      const text = buildNoteGrammar(settings, { optional });
      if (!grammars.has(text)) grammars.set(text, await tiny.llama.createGrammar({ grammar: text }));
      return grammars.get(text)!;
    };
    const text = (s: string) => tiny.model.tokenize(s, false);
    // Paths through a note line, checked after every token (and at the start).
    const paths: { settings: OutputSettings; optional: boolean; tokens: Token[] }[] = [
      { settings: labelled, optional: true, tokens: [token('Summary'), token(':'), ...text(' The whale; caf'), token('\xC3'), token('\xA9'), ...text(' and text.'), token('\n')] },
      { settings: labelled, optional: false, tokens: [token('Sum'), token('mary'), token(':'), token(' '), token('\xE2'), token('\x80'), token('\x94'), ...text(' forty characters are near')] },
      { settings: headsOnly, optional: false, tokens: [...text('Whales and the sea'), token('\xE4'), token('\xB8'), token('\xAD'), token('.\n')] },
    ];
    let checked = 0;
    for (const path of paths) {
      const state = new LlamaGrammarEvaluationState({ model: tiny.model, grammar: await grammar(path.settings, path.optional) });
      for (let i = 0; i <= path.tokens.length; i++) {
        // End tokens are allowed at the start of an optional note and after the newline (where
        // the decoder has stopped writing the note).
        const complete = i > 0 && tiny.model.detokenize([path.tokens[i - 1]!]).includes('\n');
        const refused = (i === 0 && path.optional) || complete ? withEnd : withoutEnd;
        const allowedButBiased = refused.filter((t) => sampler().canBeNextTokenForGrammarEvaluationState(stateOf(state), t));
        expect(allowedButBiased, `after ${JSON.stringify(tiny.model.detokenize(path.tokens.slice(0, i), true))}`).toEqual([]);
        checked++;
        if (i === path.tokens.length) break;
        // The path itself is what the grammar allows.
        expect(sampler().canBeNextTokenForGrammarEvaluationState(stateOf(state), path.tokens[i]!), `token ${i} of a path`).toBe(true);
        sampler().acceptGrammarEvaluationStateToken(stateOf(state), path.tokens[i]!);
      }
    }
    expect(checked).toBeGreaterThan(30);
    // A token of the bias that some state does allow would show above; and one the grammar allows
    // everywhere in the text is not in it.
    expect(withEnd).not.toContain(token(utf8Latin1(' whale')));
  });

  it('leaves the grammar’s choice as it is: note lines decoded with and without it are the same tokens', async () => {
    const grammar = await tiny.llama.createGrammar({ grammar: buildNoteGrammar(labelled, { optional: false }) });
    const bias = noteLineBias(tiny.model, tiny.vocab, 'Summary: ')!.withoutEnd;
    const prompt = tiny.model.tokenize('The harbour master wrote an entry about the whale.');
    const lines = async (withBias: boolean): Promise<Token[][]> => {
      const sequence = tiny.context.getSequence();
      const generated: Token[] = [];
      const repeatPenalty = repeatPenaltyOver({ repeatPenalty: 1.1, repeatPenaltyLastTokens: 64 } as never, prompt, generated);
      const out: Token[][] = [];
      try {
        await sequence.evaluateWithoutGeneratingNewTokens(prompt.slice(0, -1));
        let pending: Token[] = [prompt.at(-1)!];
        for (let line = 0; line < 4; line++) {
          const grammarEvaluationState = new LlamaGrammarEvaluationState({ model: tiny.model, grammar });
          const iterator = sequence.evaluate(pending, { temperature: 0, yieldEogToken: true, repeatPenalty, grammarEvaluationState, ...(withBias ? { tokenBias: bias } : {}) });
          const tokens: Token[] = [];
          await readNoteLine(tiny, iterator, (token) => {
            tokens.push(token);
            generated.push(token);
            pending = [token];
          });
          out.push(tokens);
        }
      } finally {
        sequence.dispose();
      }
      return out;
    };
    const plain = await lines(false);
    expect(plain.flat().length).toBeGreaterThan(10);
    expect(await lines(true)).toEqual(plain);
  });
});
