/**
 * Reassembles WebSocket messages whose long strings came as binary frames after their envelope
 * (long-strings.ts). Both ends use it, each with its own kind of binary frame (a Node Buffer on
 * the web host, a Blob in the browser), measured by the function it is given.
 *
 * Whatever the other end sends, what is held stays within the byte limit it is given
 * (MAX_MESSAGE_BYTES unless told otherwise): a message whose frames would pass it, or a frame over
 * STRING_FRAME_BYTES, is refused as soon as it shows, and the frames it still announced are
 * dropped as they come, unanswered and unkept.
 *
 * A call's envelope may itself come in pieces (framed-envelope.ts): the assembler collects them,
 * each of the size its header's declared total gives, and hands them over whole (FramedEnvelope);
 * the caller joins and reads them (the host, off its event loop) and gives the text to `joined`.
 * A declared total over MAX_ENVELOPE_BYTES is refused from the header, its pieces dropped unkept.
 */
import { envelopePieceBytes, envelopePieceCount, isEnvelopeHeader, readEnvelopeHeader, type EnvelopeHeader } from './framed-envelope';
import { LongStringsError, MAX_MESSAGE_BYTES, STRING_FRAME_BYTES, stringPlacesOf, type StringPath } from './long-strings';

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

/** A framed envelope whose pieces have all come: to be joined, read, and handed to `joined`. */
export interface FramedEnvelope<B> {
  header: EnvelopeHeader;
  pieces: B[];
}

/** What a frame completed: nothing yet, or messages to answer (or envelopes to join first), in order. */
export type Assembled<B> = (AssembledMessage<B> | MalformedMessage | FramedEnvelope<B>)[];

interface Collecting<B> extends FramedEnvelope<B> {
  expected: number;
}

interface Waiting<B> extends AssembledMessage<B> {
  frames: number[];
  received: number;
  expected: number;
  bytes: number;
}

export class FrameAssembler<B> {
  private waiting: Waiting<B> | null = null;
  /** A framed envelope whose pieces are coming. */
  private collecting: Collecting<B> | null = null;
  /** Binary frames still to come for a message already refused: dropped. */
  private dropping = 0;

  constructor(
    private readonly sizeOf: (frame: B) => number,
    private readonly maxBytes = MAX_MESSAGE_BYTES,
  ) {}

  /**
   * A text frame: a whole message, or the envelope of one whose strings follow. A message still
   * waiting for its frames is refused first; the text frame is a new message all the same.
   */
  text(frame: string): Assembled<B> {
    const out = this.textAnswered();
    const message = this.envelope(frame, false);
    if (message) out.push(message);
    return out;
  }

  /** A framed envelope's text, joined from the pieces this assembler handed over: read as a text frame is. */
  joined(text: string): Assembled<B> {
    const message = this.envelope(text, true);
    return message ? [message] : [];
  }

  /**
   * A text frame the caller answered without handing it here (the web host refuses a large one
   * off its event loop): what its coming ends, as for any text frame.
   */
  textAnswered(): Assembled<B> {
    const out: Assembled<B> = [];
    if (this.waiting) {
      const { envelope, received, expected } = this.waiting;
      this.waiting = null;
      out.push({ error: `a text frame came after ${received} of the ${expected} string frames announced`, envelope });
    }
    if (this.collecting) {
      const { header, pieces, expected } = this.collecting;
      this.collecting = null;
      out.push({ error: `a text frame came after ${pieces.length} of the ${expected} pieces of a framed envelope`, envelope: { id: header.id } });
    }
    this.dropping = 0; // the frames of a refused message end where a text frame comes
    return out;
  }

  /** A binary frame: a piece of a string of the waiting message; the message once it has them all. */
  binary(frame: B): Assembled<B> {
    if (this.dropping > 0) {
      this.dropping--;
      return [];
    }
    if (this.collecting) return this.piece(this.collecting, frame);
    const message = this.waiting;
    if (!message) return [{ error: 'a binary frame must follow a message that names its strings' }];
    const size = this.sizeOf(frame);
    if (size > STRING_FRAME_BYTES) return [this.refuse(message, `a string frame holds at most ${STRING_FRAME_BYTES} bytes, this one ${size}`)];
    message.bytes += size;
    if (message.bytes > this.maxBytes) return [this.refuse(message, `a message holds at most ${this.maxBytes} bytes of strings`)];
    // The frames come string by string: the first string whose list is not yet full takes this one.
    const string = message.parts.findIndex((parts, i) => parts.length < (message.frames[i] as number));
    message.parts[string]!.push(frame);
    if (++message.received < message.expected) return [];
    this.waiting = null;
    return [{ envelope: message.envelope, paths: message.paths, parts: message.parts }];
  }

  /** A piece of the framed envelope being collected: the envelope once it has them all. */
  private piece(collecting: Collecting<B>, frame: B): Assembled<B> {
    const { header, pieces, expected } = collecting;
    const size = this.sizeOf(frame);
    const due = envelopePieceBytes(header.bytes, pieces.length);
    if (size !== due) {
      this.collecting = null;
      this.dropping = expected - pieces.length - 1;
      return [{ error: `piece ${pieces.length + 1} of a framed envelope of ${header.bytes} bytes must hold ${due} bytes, this one ${size}`, envelope: { id: header.id } }];
    }
    pieces.push(frame);
    if (pieces.length < expected) return [];
    this.collecting = null;
    return [{ header, pieces }];
  }

  /**
   * Reads an envelope: a whole message, a refusal, or null while its string frames (or, for a
   * framed envelope's header, its pieces) are awaited.
   */
  private envelope(frame: string, joined: boolean): AssembledMessage<B> | MalformedMessage | null {
    let envelope: unknown;
    try {
      envelope = JSON.parse(frame);
    } catch {
      return { error: 'a message must be a JSON text frame' };
    }
    if (isEnvelopeHeader(envelope)) {
      if (joined) return { error: 'a framed envelope cannot hold another', envelope };
      const header = readEnvelopeHeader(envelope);
      if ('error' in header) {
        // Its pieces are dropped as they come, unkept (and end where a text frame comes).
        const declared = (envelope as { envelope?: { bytes?: unknown } }).envelope?.bytes;
        this.dropping = typeof declared === 'number' && declared > 0 ? envelopePieceCount(declared) : 0;
        return { error: header.error, envelope };
      }
      this.collecting = { header, pieces: [], expected: envelopePieceCount(header.bytes) };
      return null;
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
    const expected = frames.reduce((a, b) => a + b, 0);
    this.waiting = { envelope, paths: places.map((place) => place.path), parts: places.map(() => []), frames, received: 0, expected, bytes: 0 };
    return null;
  }

  /** Refuses the waiting message, the frame in hand counted as received, and drops the rest of its frames. */
  private refuse(message: Waiting<B>, error: string): MalformedMessage {
    this.waiting = null;
    this.dropping = message.expected - message.received - 1;
    return { error, envelope: message.envelope };
  }
}
