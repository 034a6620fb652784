import { describe, expect, it } from 'vitest';
import { buildHeadGrammar, buildNoteGrammar, candidateHead, gbnfLiteral, headCandidates, parseConstrainedOutput } from './constrained';
import { outputSchema } from './schema';

const text = 'Call me Ishmael. Some years ago, never mind how long precisely, I went.\n\n"Quoted" start\\here.';
const candidates = headCandidates(text, [0, 17, 73], 4);

describe('head candidates', () => {
  it('take the first words of each sentence, never past its line', () => {
    expect(candidates).toEqual([
      { offset: 0, head: 'Call me Ishmael. Some', choices: ['Call me Ishmael. Some'] },
      { offset: 17, head: 'Some years ago, never', choices: ['Some years ago, never'] },
      { offset: 73, head: '"Quoted" start\\here.', choices: ['"Quoted" start\\here.'] },
    ]);
    expect(candidateHead('One two\nthree', 0, 6)).toBe('One two');
    expect(headCandidates('\n\nx', [0], 3)).toEqual([]);
  });

  it('offer every head length of the range, each ending at a word end; a short sentence its whole line', () => {
    const [first, , last] = headCandidates(text, [0, 17, 73], { min: 2, max: 4 });
    expect(first!.choices).toEqual(['Call me', 'Call me Ishmael.', 'Call me Ishmael. Some']);
    expect(last!.choices).toEqual(['"Quoted" start\\here.']);
    expect(headCandidates('One two\u2028three four', [0], { min: 1, max: 3 })[0]!.choices).toEqual(['One', 'One two']);
  });
});

describe('gbnfLiteral', () => {
  it('escapes quotes, backslashes and control characters', () => {
    expect(gbnfLiteral('a"b\\c\nd\te\u0001')).toBe('"a\\"b\\\\c\\nd\\te\\x01"');
    expect(gbnfLiteral('café 日本')).toBe('"café 日本"');
  });
});

describe('buildHeadGrammar', () => {
  it('chains the candidates in order, each optional unless the window starts the document', () => {
    const g = buildHeadGrammar(candidates, outputSchema.parse({}), { requireFirst: true });
    expect(g).toContain('c0 ::= h0 c1\n');
    expect(g).toContain('c1 ::= h1 c2 | c2\n');
    expect(g).toContain('c2 ::= h2 | ""\n');
    expect(g).toContain('h2 ::= "# \\"Quoted\\" start\\\\here." "\\n"');
    expect(buildHeadGrammar(candidates, outputSchema.parse({}), { requireFirst: false })).toContain('c0 ::= h0 c1 | c1\n');
  });

  it('adds a non-empty note line before or after each head for topic and summary profiles', () => {
    const before = buildHeadGrammar(candidates, outputSchema.parse({ notes: 'topic', noteLabels: ['Topic:'], notesBeforeHeads: true }), { requireFirst: false });
    expect(before).toContain('h0 ::= note "# Call me Ishmael. Some" "\\n"');
    expect(before).toMatch(/note ::= "Topic: " \[\^ [^\]]+\] \[\^[^\]]+\]\{0,159\} "\\n"/);
    const after = buildHeadGrammar(candidates, outputSchema.parse({ notes: 'summary', noteLayout: 'alternating' }), { requireFirst: false });
    expect(after).toContain('h0 ::= "# Call me Ishmael. Some" "\\n" note');
    expect(after).toContain('note ::= [^ ');
  });

  it('lets a head stop at any word end of its range', () => {
    const g = buildHeadGrammar(headCandidates(text, [0], { min: 1, max: 3 }), outputSchema.parse({}), { requireFirst: true });
    expect(g).toContain('h0 ::= "# Call" (" me" (" Ishmael.")?)? "\\n"');
  });

  it('writes all notes first in the notes-first layout, and free one-line notes for heads-only', () => {
    const settings = outputSchema.parse({ notes: 'topic', noteLabels: ['Topic:'], layout: 'notes-first', constrained: { scope: 'heads-only' } });
    const g = buildHeadGrammar(candidates, settings, { requireFirst: false });
    expect(g).toContain('root ::= note{1,3} c0\n');
    expect(g).toContain('h0 ::= "# Call me Ishmael. Some" "\\n"\n');
    expect(g).toMatch(/note ::= "Topic: " \[\^ [^\]]+\] \[\^[^\]]+\]\* "\\n"/);
    const free = outputSchema.parse({ notes: 'summary', constrained: { scope: 'heads-only' } });
    expect(buildHeadGrammar(candidates, free, { requireFirst: false })).toMatch(/note ::= \[\^ [^\]]+\] \[\^[^\]]+\]\* "\\n"/);
    expect(buildNoteGrammar(free, { optional: true })).toMatch(/^root ::= note \| ""\nnote ::= /);
    expect(buildNoteGrammar(settings, { optional: false, written: 'Top' })).toMatch(/^root ::= "ic: " /);
  });

  it('is a grammar of the empty output when the window has no sentence start', () => {
    expect(buildHeadGrammar([], outputSchema.parse({}), { requireFirst: false })).toBe('root ::= ""\n');
  });
});

describe('parseConstrainedOutput', () => {
  const topic = outputSchema.parse({ notes: 'topic', noteLabels: ['Topic:'], notesBeforeHeads: true });

  it('maps each head to its candidate, in order', () => {
    const parsed = parseConstrainedOutput('# Call me Ishmael. Some\n# "Quoted" start\\here.\n', candidates, outputSchema.parse({}));
    expect(parsed.items.map((i) => i.candidate)).toEqual([0, 2]);
    expect(parsed.problems).toEqual([]);
  });

  it('pairs notes with heads and drops an item the token limit cut short', () => {
    const parsed = parseConstrainedOutput('Topic: a name\n# Call me Ishmael. Some\nTopic: the sea\n# Some years', candidates, topic);
    expect(parsed.items).toEqual([{ candidate: 0, head: 'Call me Ishmael. Some', note: 'a name' }]);
    expect(parsed.problems.map((p) => p.kind)).toEqual(['truncated', 'truncated']);
  });

  it('reports a head that is not a candidate after the previous one', () => {
    const parsed = parseConstrainedOutput('# Some years ago, never\n# Call me Ishmael. Some\n', candidates, outputSchema.parse({}));
    expect(parsed.items.map((i) => i.candidate)).toEqual([1]);
    expect(parsed.problems).toEqual([{ kind: 'unknown-head', text: 'Call me Ishmael. Some' }]);
  });

  it('accepts any allowed head length and pairs notes-first notes with heads in order', () => {
    const ranged = headCandidates(text, [0, 17, 73], { min: 2, max: 4 });
    const settings = outputSchema.parse({ notes: 'topic', noteLabels: ['Topic:'], layout: 'notes-first' });
    const parsed = parseConstrainedOutput('Topic: a name\nTopic: the years\n# Call me\n# Some years ago,\n', ranged, settings);
    expect(parsed.items).toEqual([
      { candidate: 0, head: 'Call me', note: 'a name' },
      { candidate: 1, head: 'Some years ago,', note: 'the years' },
    ]);
  });
});
