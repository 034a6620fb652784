/**
 * Long strings travel beside a WebSocket message, not inside its JSON. A 50 MB document's text (or
 * the 67 MB of base64 that opens it) as one JSON text frame cost the browser three long tasks of
 * 0.5–0.7 s each (the send's UTF-8 encoding, the answer's decoding and parse), a window frozen
 * for seconds; as one binary frame, the browser still took a task of over a second to receive it.
 * Instead every string of at least LONG_STRING_CHARS is taken out of the envelope, leaving "" where
 * it was; the envelope names those places in `strings`, each with the number of binary frames that
 * carry that string's UTF-8 in pieces, and the frames follow in order: each end handles one piece
 * per task.
 */

/** Strings at least this long leave the JSON (a shorter one costs a few milliseconds inside it). */
export const LONG_STRING_CHARS = 1 << 20;

/** At most this many long strings per message (no call or answer of the contract has more than two). */
export const MAX_LONG_STRINGS = 16;

/**
 * The largest single WebSocket frame the host reads (its ws `maxPayload`), text or binary. A longer
 * one is refused from its header, before a byte of it is kept or parsed: the connection is closed
 * with 1009 (FRAME_TOO_LARGE_CLOSE_CODE). Issue 36: a 60 MB text frame of numbers to countTokens
 * was parsed whole (every client waited 14 s, 1.1 GB); and even a frame at the former 16 MiB
 * limit held the host's event loop about 170 ms inside ws alone (joining the TCP chunks into one
 * fresh buffer, unmasking it in JS), every other client waiting. A message larger than this goes
 * in pieces of at most this size: its long strings (below), and an envelope of more than this
 * (shared/ipc/framed-envelope.ts).
 */
export const MAX_FRAME_BYTES = 1 << 20;

/** UTF-8 bytes per binary frame, at most; a frame may end inside a character (the receiver decodes the frames as one stream). */
export const STRING_FRAME_BYTES = MAX_FRAME_BYTES;

/** The WebSocket close code for a frame over MAX_FRAME_BYTES (RFC 6455: "message too big"). */
export const FRAME_TOO_LARGE_CLOSE_CODE = 1009;

/** What a client says when the host closed its connection for a frame over MAX_FRAME_BYTES. */
export const FRAME_TOO_LARGE_MESSAGE = `the workbench reads WebSocket frames of at most ${MAX_FRAME_BYTES} bytes (1 MiB); a larger message goes in pieces`;

/**
 * The largest JSON envelope of one message (long strings apart), sent whole or in pieces: 16 MiB
 * holds a whole correction of a million segments (the default segment budget). Checked from the
 * size a framed envelope declares, before its pieces are read.
 */
export const MAX_ENVELOPE_BYTES = 16 * 1024 * 1024;

/** What a client (or the host, from a declared size) says when a message's envelope is over MAX_ENVELOPE_BYTES. */
export const ENVELOPE_TOO_LARGE_MESSAGE = `the workbench takes at most ${MAX_ENVELOPE_BYTES} bytes (16 MiB) of JSON in one message (long strings apart)`;

/**
 * The largest message either end takes, its long strings included: the contract's largest call,
 * openDocument with 200 MB of base64, and room for the rest of the message.
 */
export const MAX_MESSAGE_BYTES = 210 * 1024 * 1024;

/**
 * Characters per frame a browser sends (renderer/ipc/blob-text.ts): at most 3 UTF-8 bytes each,
 * so a piece stays within STRING_FRAME_BYTES, and encoding one is a few milliseconds of a task.
 */
export const STRING_PIECE_CHARS = 1 << 18;

/**
 * At most this many frames per string: the largest message in the browser's pieces, each at
 * least one byte per character and one character short where it would split a surrogate pair.
 * (The host's own frames are fuller.)
 */
export const MAX_STRING_FRAMES = Math.ceil(MAX_MESSAGE_BYTES / (STRING_PIECE_CHARS - 1));

/** A long string's place in the envelope and how many binary frames carry it. */
export interface StringPlace {
  path: StringPath;
  frames: number;
}

/** Where a string sat in the envelope: object keys and array indices from the top. */
export type StringPath = (string | number)[];

export interface TakenStrings {
  /** The envelope with "" in place of each long string (a copy where anything was taken). */
  value: unknown;
  paths: StringPath[];
  strings: string[];
}

/** Takes every long string out of `value`, copying only the objects and arrays on their way. */
export function takeLongStrings(value: unknown): TakenStrings {
  const paths: StringPath[] = [];
  const strings: string[] = [];
  const walk = (node: unknown, path: StringPath): unknown => {
    if (typeof node === 'string') {
      if (node.length < LONG_STRING_CHARS) return node;
      paths.push(path);
      strings.push(node);
      return '';
    }
    if (node === null || typeof node !== 'object') return node;
    const before = strings.length;
    if (Array.isArray(node)) {
      // Arrays of numbers (a segmentation's boundaries) hold no strings: not walked item by item.
      if (node.length > 0 && typeof node[0] === 'number') return node;
      const items = node.map((item, i) => walk(item, [...path, i]));
      return strings.length > before ? items : node;
    }
    const entries = Object.entries(node).map(([key, item]) => [key, walk(item, [...path, key])] as const);
    return strings.length > before ? Object.fromEntries(entries) : node;
  };
  return { value: walk(value, []), paths, strings };
}

/** Why a message's `strings` cannot be put back: a malformed or hostile message. */
export class LongStringsError extends Error {}

/**
 * Puts each string back at its path, in the envelope parsed from the message (changed in place).
 * Every path must lead, through existing own properties, to a "" left by takeLongStrings.
 */
export function putLongStrings(envelope: unknown, paths: readonly StringPath[], strings: readonly string[]): void {
  if (paths.length !== strings.length) throw new LongStringsError(`${paths.length} string places but ${strings.length} strings`);
  paths.forEach((path, i) => {
    if (!Array.isArray(path) || path.length === 0) throw new LongStringsError('a string place must be a non-empty path');
    let container: unknown = envelope;
    for (let depth = 0; depth < path.length - 1; depth++) container = child(container, path[depth]);
    const last = path[path.length - 1];
    if (child(container, last) !== '') throw new LongStringsError(`no empty string at ${JSON.stringify(path)}`);
    (container as Record<string | number, unknown>)[last as string | number] = strings[i];
  });
}

function child(container: unknown, key: unknown): unknown {
  if (container === null || typeof container !== 'object') throw new LongStringsError('a string place goes through a value that is not an object');
  const ownKey = typeof key === 'number' ? Array.isArray(container) && Number.isInteger(key) && key >= 0 : typeof key === 'string' && !Array.isArray(container);
  if (!ownKey || !Object.hasOwn(container, key as PropertyKey)) throw new LongStringsError(`a string place names what is not there: ${JSON.stringify(key)}`);
  return (container as Record<string | number, unknown>)[key as string | number];
}

/** Reads a message's `strings` field: absent, or at most MAX_LONG_STRINGS places. */
export function stringPlacesOf(envelope: unknown): StringPlace[] {
  const field = envelope !== null && typeof envelope === 'object' ? (envelope as { strings?: unknown }).strings : undefined;
  if (field === undefined) return [];
  if (!Array.isArray(field) || field.length > MAX_LONG_STRINGS) throw new LongStringsError(`"strings" must list at most ${MAX_LONG_STRINGS} places`);
  for (const place of field as { path?: unknown; frames?: unknown }[]) {
    const path = place?.path;
    if (!Array.isArray(path) || !path.every((key) => typeof key === 'string' || typeof key === 'number')) throw new LongStringsError('a string place must be a list of keys and indices');
    const frames = place.frames;
    if (typeof frames !== 'number' || !Number.isInteger(frames) || frames < 1 || frames > MAX_STRING_FRAMES) throw new LongStringsError(`a string comes in 1 to ${MAX_STRING_FRAMES} frames`);
  }
  return field as StringPlace[];
}
