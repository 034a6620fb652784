import { describe, expect, it } from 'vitest';
import { FrameAssembler } from './frame-assembler';
import { LONG_STRING_CHARS, LongStringsError, MAX_LONG_STRINGS, MAX_STRING_FRAMES, putLongStrings, stringPlacesOf, takeLongStrings } from './long-strings';

const long = (c: string) => c.repeat(LONG_STRING_CHARS);

describe('long strings beside a message', () => {
  it('takes out every long string, leaves "" and its path, and puts them back where they were', () => {
    const boundaries = [1, 2, 3];
    const message = { id: 3, ok: true, result: { name: 'a.txt', text: long('a'), boundaries, notes: [{ topic: 'short' }, { summary: long('b') }] } };
    const taken = takeLongStrings(message);
    expect(taken.paths).toEqual([['result', 'text'], ['result', 'notes', 1, 'summary']]);
    expect(taken.strings.map((s) => s[0])).toEqual(['a', 'b']);
    expect(taken.value).toMatchObject({ result: { text: '', notes: [{ topic: 'short' }, { summary: '' }] } });
    // The original is untouched; what held no long string is shared, not copied.
    expect(message.result.text).toBe(long('a'));
    expect((taken.value as typeof message).result.boundaries).toBe(boundaries);
    const received = JSON.parse(JSON.stringify(taken.value)) as unknown;
    putLongStrings(received, taken.paths, taken.strings);
    expect(received).toEqual(message);
  });

  it('leaves a message without long strings as it is', () => {
    const message = { id: 1, method: 'listStrategies', params: {} };
    const taken = takeLongStrings(message);
    expect(taken.value).toBe(message);
    expect(taken.paths).toEqual([]);
  });

  it('refuses places that are not an empty string left in the message', () => {
    const envelope = () => JSON.parse('{"params":{"text":"","kept":"x","list":[""],"__proto__":""}}') as unknown;
    expect(() => putLongStrings(envelope(), [['params', 'missing']], ['s'])).toThrow(LongStringsError);
    expect(() => putLongStrings(envelope(), [['params', 'kept']], ['s'])).toThrow(/no empty string/);
    expect(() => putLongStrings(envelope(), [['params', 'text', 'deeper']], ['s'])).toThrow(LongStringsError);
    expect(() => putLongStrings(envelope(), [['params', 'list', '0']], ['s'])).toThrow(LongStringsError);
    expect(() => putLongStrings(envelope(), [['params', 'toString']], ['s'])).toThrow(LongStringsError);
    expect(() => putLongStrings(envelope(), [['params', 'text']], [])).toThrow(/1 string places but 0 strings/);
    expect(() => putLongStrings(envelope(), [[]], ['s'])).toThrow(LongStringsError);
    // A key named __proto__ read from JSON is an own property like any other; nothing else changes.
    const e = envelope() as { params: Record<string, unknown> };
    putLongStrings(e, [['params', '__proto__'], ['params', 'list', 0]], ['p', 'l']);
    expect(Object.getOwnPropertyDescriptor(e.params, '__proto__')?.value).toBe('p');
    expect(e.params.list).toEqual(['l']);
    expect(Object.getPrototypeOf(e.params)).toBe(Object.prototype);
  });

  it('reads the places a message names, at most MAX_LONG_STRINGS, each in 1 to MAX_STRING_FRAMES frames', () => {
    expect(stringPlacesOf({ id: 1 })).toEqual([]);
    const place = { path: ['params', 'dataBase64'], frames: 3 };
    expect(stringPlacesOf({ strings: [place] })).toEqual([place]);
    expect(() => stringPlacesOf({ strings: 'params' })).toThrow(LongStringsError);
    expect(() => stringPlacesOf({ strings: [{ path: [{}], frames: 1 }] })).toThrow(LongStringsError);
    expect(() => stringPlacesOf({ strings: [['params']] })).toThrow(LongStringsError);
    for (const frames of [0, 1.5, MAX_STRING_FRAMES + 1, '2']) expect(() => stringPlacesOf({ strings: [{ path: ['a'], frames }] })).toThrow(/frames/);
    expect(() => stringPlacesOf({ strings: Array.from({ length: MAX_LONG_STRINGS + 1 }, () => ({ path: ['a'], frames: 1 })) })).toThrow(LongStringsError);
  });
});

describe('FrameAssembler', () => {
  it('holds a message until the string frames it names have come, string by string', () => {
    const frames = new FrameAssembler<string>();
    expect(frames.text('{"id":1,"params":{"a":"","b":""},"strings":[{"path":["params","a"],"frames":2},{"path":["params","b"],"frames":1}]}')).toBeNull();
    expect(frames.binary('A1')).toBeNull();
    expect(frames.binary('A2')).toBeNull();
    expect(frames.binary('B')).toEqual({ envelope: { id: 1, params: { a: '', b: '' } }, paths: [['params', 'a'], ['params', 'b']], parts: [['A1', 'A2'], ['B']] });
    expect(frames.text('{"id":2}')).toEqual({ envelope: { id: 2 }, paths: [], parts: [] });
  });

  it('reports frames out of turn and text that is not JSON', () => {
    const frames = new FrameAssembler<string>();
    expect(frames.binary('A')).toMatchObject({ error: expect.stringMatching(/binary frame must follow/) });
    expect(frames.text('not json')).toMatchObject({ error: expect.stringMatching(/JSON/) });
    expect(frames.text('{"id":3,"strings":[{"path":["x"],"frames":1}],"x":""}')).toBeNull();
    expect(frames.text('{"id":4}')).toMatchObject({ error: expect.stringMatching(/after 0 of the 1/), envelope: { id: 3 } });
    expect(frames.text('{"id":5}')).toMatchObject({ envelope: { id: 5 } });
  });
});
