/**
 * Reassembles WebSocket messages whose long strings came as binary frames after their envelope
 * (long-strings.ts). Both ends use it, each with its own kind of binary frame (a Node Buffer on
 * the web host, a Blob in the browser).
 */
import { LongStringsError, stringPlacesOf, type StringPath } from './long-strings';

export interface AssembledMessage<B> {
  /** The parsed envelope, still with "" where the strings go and its `strings` field removed. */
  envelope: unknown;
  paths: StringPath[];
  /** Each string's binary frames, in order, one list per path. */
  parts: B[][];
}

export interface MalformedMessage {
  error: string;
  /** The envelope, when it was read (to answer the call it names). */
  envelope?: unknown;
}

export class FrameAssembler<B> {
  private waiting: (AssembledMessage<B> & { frames: number[]; received: number; expected: number }) | null = null;

  /** A text frame: a whole message, or the envelope of one whose strings follow (then null). */
  text(frame: string): AssembledMessage<B> | MalformedMessage | null {
    if (this.waiting) {
      const { envelope, received, expected } = this.waiting;
      this.waiting = null;
      return { error: `a text frame came after ${received} of the ${expected} string frames announced`, envelope };
    }
    let envelope: unknown;
    try {
      envelope = JSON.parse(frame);
    } catch {
      return { error: 'a message must be a JSON text frame' };
    }
    let places;
    try {
      places = stringPlacesOf(envelope);
    } catch (err) {
      return { error: err instanceof LongStringsError ? err.message : String(err), envelope };
    }
    if (places.length === 0) return { envelope, paths: [], parts: [] };
    delete (envelope as { strings?: unknown }).strings;
    const frames = places.map((place) => place.frames);
    this.waiting = { envelope, paths: places.map((place) => place.path), parts: places.map(() => []), frames, received: 0, expected: frames.reduce((a, b) => a + b, 0) };
    return null;
  }

  /** A binary frame: a piece of a string of the waiting message; the message once it has them all. */
  binary(frame: B): AssembledMessage<B> | MalformedMessage | null {
    const message = this.waiting;
    if (!message) return { error: 'a binary frame must follow a message that names its strings' };
    // The frames come string by string: the first string whose list is not yet full takes this one.
    const string = message.parts.findIndex((parts, i) => parts.length < (message.frames[i] as number));
    message.parts[string]!.push(frame);
    if (++message.received < message.expected) return null;
    this.waiting = null;
    return { envelope: message.envelope, paths: message.paths, parts: message.parts };
  }
}
