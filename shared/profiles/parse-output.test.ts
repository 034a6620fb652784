import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseModelOutput } from './parse-output';
import { outputSchema } from './schema';

const plain = outputSchema.parse({});
const topicBefore = outputSchema.parse({ notes: 'topic', noteLabels: ['Topic:'], notesBeforeHeads: true });
const summaryAfter = outputSchema.parse({ notes: 'summary', noteLabels: ['Summary:'] });
const heads = (text: string, settings = plain) => parseModelOutput(text, settings).heads.map((h) => h.head);

describe('parseModelOutput', () => {
  it('reads plain, # , numbered and bulleted lines alike', () => {
    expect(heads('Call me Ishmael.\n\nSome years ago')).toEqual(['Call me Ishmael.', 'Some years ago']);
    expect(heads('# Call me Ishmael.\n## Some years ago')).toEqual(['Call me Ishmael.', 'Some years ago']);
    expect(heads('1. Call me Ishmael.\n2) Some years ago')).toEqual(['Call me Ishmael.', 'Some years ago']);
    expect(heads('- Call me Ishmael.\n* Some years ago\n• It is a way')).toEqual(['Call me Ishmael.', 'Some years ago', 'It is a way']);
    expect(heads('1. # "Call me Ishmael."')).toEqual(['Call me Ishmael.']);
  });

  it('keeps a number that is part of the head', () => {
    expect(heads('1999 was a year')).toEqual(['1999 was a year']);
    expect(heads('#hashtag starts it')).toEqual(['#hashtag starts it']);
  });

  it('reads JSON lists of strings and of objects', () => {
    expect(heads('["Call me Ishmael.", "Some years ago"]')).toEqual(['Call me Ishmael.', 'Some years ago']);
    const parsed = parseModelOutput('[{"head": "Call me", "topic": "names"}, {"heading": "Some years", "topic": "time"}]', topicBefore);
    expect(parsed.heads).toEqual([
      { head: 'Call me', topic: 'names' },
      { head: 'Some years', topic: 'time' },
    ]);
  });

  it('reads a JSON list cut short by the token limit', () => {
    expect(heads('["Call me Ishmael.", "Some years ago", "It is a wa')).toEqual(['Call me Ishmael.', 'Some years ago']);
    expect(parseModelOutput('[{"head": "Call me", "summary": "a name"}, {"head": "Some', summaryAfter).heads).toEqual([
      { head: 'Call me', summary: 'a name' },
    ]);
  });

  it('attaches labelled notes before or after their head, as the profile says', () => {
    expect(parseModelOutput('Topic: names\n# Call me Ishmael.\nTopic: sea\n# Some years ago', topicBefore).heads).toEqual([
      { head: 'Call me Ishmael.', topic: 'names' },
      { head: 'Some years ago', topic: 'sea' },
    ]);
    expect(parseModelOutput('# Call me Ishmael.\nSummary: he names himself.\n# Some years ago\nsummary: he went to sea.', summaryAfter).heads).toEqual([
      { head: 'Call me Ishmael.', summary: 'he names himself.' },
      { head: 'Some years ago', summary: 'he went to sea.' },
    ]);
  });

  it('reports a note with no head to go with as ignored, never as a head', () => {
    const parsed = parseModelOutput('Summary: orphan\n# Call me', summaryAfter);
    expect(parsed.heads).toEqual([{ head: 'Call me' }]);
    expect(parsed.ignored).toEqual(['Summary: orphan']);
    const trailing = parseModelOutput('# Call me\nTopic: dangling', topicBefore);
    expect(trailing.heads).toEqual([{ head: 'Call me' }]);
    expect(trailing.ignored).toEqual(['dangling']);
  });

  it('reads alternating head and note lines', () => {
    const alternating = outputSchema.parse({ notes: 'summary', noteLayout: 'alternating' });
    expect(parseModelOutput('1. Call me Ishmael.\nHe names himself.\n2. Some years ago\nHe went to sea.', alternating).heads).toEqual([
      { head: 'Call me Ishmael.', summary: 'He names himself.' },
      { head: 'Some years ago', summary: 'He went to sea.' },
    ]);
  });

  it('strips head labels the profile names', () => {
    const labelled = outputSchema.parse({ headLabels: ['Head:'] });
    expect(heads('Head: Call me Ishmael.', labelled)).toEqual(['Call me Ishmael.']);
  });

  it('turns any list of heads written in any supported style back into the same heads', () => {
    const word = fc.stringMatching(/^[A-Za-z][a-z]{0,8}$/);
    const head = fc.array(word, { minLength: 1, maxLength: 6 }).map((w) => w.join(' '));
    const style = fc.constantFrom('plain', 'hash', 'numbered', 'paren', 'bullet', 'json');
    fc.assert(
      fc.property(fc.array(head, { minLength: 1, maxLength: 12 }), style, (hs, s) => {
        const text =
          s === 'json'
            ? JSON.stringify(hs)
            : hs
                .map((h, i) => (s === 'plain' ? h : s === 'hash' ? `# ${h}` : s === 'numbered' ? `${i + 1}. ${h}` : s === 'paren' ? `${i + 1}) ${h}` : `- ${h}`))
                .join('\n');
        expect(heads(text)).toEqual(hs);
      }),
    );
  });

  it('never throws and never invents empty heads, whatever the model writes', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 300 }), (text) => {
        for (const settings of [plain, topicBefore, summaryAfter]) {
          const parsed = parseModelOutput(text, settings);
          for (const h of parsed.heads) expect(h.head.trim()).not.toBe('');
        }
      }),
    );
  });
});

describe('parseModelOutput, notes-first layout', () => {
  const notesFirst = outputSchema.parse({ notes: 'topic', noteLabels: ['Topic:'], layout: 'notes-first' });

  it('pairs the i-th note with the i-th head and keeps notes without a head as ignored', () => {
    const parsed = parseModelOutput('Topic: the whale\nTopic: the sea\nTopic: a third\n# Call me Ishmael\n# Some years ago\n', notesFirst);
    expect(parsed.heads).toEqual([
      { head: 'Call me Ishmael', topic: 'the whale' },
      { head: 'Some years ago', topic: 'the sea' },
    ]);
    expect(parsed.ignored).toEqual(['a third']);
  });
});
