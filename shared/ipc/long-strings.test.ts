import { describe, expect, it } from 'vitest';
import { paramSchemas } from './contract';
import { FrameAssembler } from './frame-assembler';
import { LONG_STRING_CHARS, LongStringsError, MAX_LONG_STRINGS, MAX_MESSAGE_BYTES, MAX_STRING_FRAMES, STRING_FRAME_BYTES, STRING_PIECE_CHARS, putLongStrings, stringPlacesOf, takeLongStrings } from './long-strings';

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

  it("takes the contract's largest call in the pieces a browser cuts", () => {
    // openDocument's dataBase64 at its schema's maximum, ASCII: one byte per character.
    const largest = paramSchemas.openDocument.shape.dataBase64.maxLength as number;
    expect(largest).toBeGreaterThan(100_000_000);
    expect(Math.ceil(largest / STRING_PIECE_CHARS)).toBeLessThanOrEqual(MAX_STRING_FRAMES);
    expect(largest).toBeLessThanOrEqual(MAX_MESSAGE_BYTES);
    // A piece of 3-byte characters still fits a frame.
    expect(3 * STRING_PIECE_CHARS).toBeLessThanOrEqual(STRING_FRAME_BYTES);
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
  /** Frames as strings here, measured by their length. */
  const assembler = (maxBytes?: number) => new FrameAssembler<string>((frame) => frame.length, maxBytes);
  const envelope = (id: number, frames: number[]) =>
    JSON.stringify({ id, params: Object.fromEntries(frames.map((_, i) => [`s${i}`, ''])), strings: frames.map((count, i) => ({ path: ['params', `s${i}`], frames: count })) });

  it('holds a message until the string frames it names have come, string by string', () => {
    const frames = assembler();
    expect(frames.text('{"id":1,"params":{"a":"","b":""},"strings":[{"path":["params","a"],"frames":2},{"path":["params","b"],"frames":1}]}')).toEqual([]);
    expect(frames.binary('A1')).toEqual([]);
    expect(frames.binary('A2')).toEqual([]);
    expect(frames.binary('B')).toEqual([{ envelope: { id: 1, params: { a: '', b: '' } }, paths: [['params', 'a'], ['params', 'b']], parts: [['A1', 'A2'], ['B']] }]);
    expect(frames.text('{"id":2}')).toEqual([{ envelope: { id: 2 }, paths: [], parts: [] }]);
  });

  it('reports frames out of turn and text that is not JSON', () => {
    const frames = assembler();
    expect(frames.binary('A')).toMatchObject([{ error: expect.stringMatching(/binary frame must follow/) }]);
    expect(frames.text('not json')).toMatchObject([{ error: expect.stringMatching(/JSON/) }]);
  });

  it('refuses a message whose frames have not all come when a text frame comes, and reads that frame as the next message', () => {
    const frames = assembler();
    expect(frames.text('{"id":3,"strings":[{"path":["x"],"frames":1}],"x":""}')).toEqual([]);
    expect(frames.text('{"id":4}')).toEqual([
      { error: 'a text frame came after 0 of the 1 string frames announced', envelope: { id: 3, x: '' } },
      { envelope: { id: 4 }, paths: [], parts: [] },
    ]);
    // The next message with strings comes together as usual.
    expect(frames.text(envelope(5, [1]))).toEqual([]);
    expect(frames.binary('x')).toMatchObject([{ envelope: { id: 5 }, parts: [['x']] }]);
  });

  it('refuses a message as soon as its frames pass the byte limit, and drops the frames it still announced', () => {
    const frames = assembler(10);
    expect(frames.text(envelope(6, [3, 2]))).toEqual([]);
    expect(frames.binary('12345')).toEqual([]);
    expect(frames.binary('123456')).toEqual([{ error: 'a message holds at most 10 bytes of strings', envelope: { id: 6, params: { s0: '', s1: '' } } }]);
    // Its three remaining frames are neither kept nor answered; what follows is read as usual.
    expect(frames.binary('a')).toEqual([]);
    expect(frames.binary('b')).toEqual([]);
    expect(frames.binary('c')).toEqual([]);
    expect(frames.binary('d')).toMatchObject([{ error: expect.stringMatching(/binary frame must follow/) }]);
    expect(frames.text(envelope(7, [2]))).toEqual([]);
    expect(frames.binary('12345')).toEqual([]);
    expect(frames.binary('12345')).toMatchObject([{ envelope: { id: 7 }, parts: [['12345', '12345']] }]);
  });

  it('refuses a frame over STRING_FRAME_BYTES whatever the total', () => {
    const frames = new FrameAssembler<number>((size) => size);
    expect(frames.text(envelope(8, [2]))).toEqual([]);
    expect(frames.binary(STRING_FRAME_BYTES + 1)).toEqual([{ error: `a string frame holds at most ${STRING_FRAME_BYTES} bytes, this one ${STRING_FRAME_BYTES + 1}`, envelope: { id: 8, params: { s0: '' } } }]);
    expect(frames.binary(1)).toEqual([]); // the message's second frame, dropped
    expect(frames.text('{"id":9}')).toEqual([{ envelope: { id: 9 }, paths: [], parts: [] }]);
  });

  it('keeps at most MAX_MESSAGE_BYTES of a message that announces the most frames it may', () => {
    const frames = new FrameAssembler<number>((size) => size);
    const most = Array.from({ length: MAX_LONG_STRINGS }, () => MAX_STRING_FRAMES);
    expect(frames.text(envelope(10, most))).toEqual([]);
    let answers: unknown[] = [];
    let sent = 0;
    while (answers.length === 0) {
      answers = frames.binary(STRING_FRAME_BYTES);
      sent++;
    }
    expect(answers).toMatchObject([{ error: expect.stringMatching(/at most \d+ bytes/), envelope: { id: 10 } }]);
    expect((sent - 1) * STRING_FRAME_BYTES).toBeLessThanOrEqual(MAX_MESSAGE_BYTES);
    expect(sent * STRING_FRAME_BYTES).toBeGreaterThan(MAX_MESSAGE_BYTES);
  });
});
