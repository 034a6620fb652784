/**
 * A call whose JSON envelope is larger than one WebSocket frame (MAX_FRAME_BYTES) goes in pieces
 * (issue 36): a short text frame, the header `{"id":N,"envelope":{"bytes":B}}`, then the
 * envelope's UTF-8 in binary frames of exactly ENVELOPE_PIECE_BYTES each, the last one the rest.
 * The envelope is then read as if it had come as one text frame (its own long strings, if it names
 * any, follow it as usual: long-strings.ts). The host checks B against MAX_ENVELOPE_BYTES from the
 * header, before a piece is read, and joins and parses the pieces off its event loop
 * (frame-check.ts): no frame it reads is larger than 1 MiB, so ws never holds the loop long.
 * Only clients send framed envelopes; the host's answers go as before.
 */
import { ENVELOPE_TOO_LARGE_MESSAGE, MAX_ENVELOPE_BYTES, MAX_FRAME_BYTES } from './long-strings';

/** Bytes per piece of a framed envelope (the last piece holds the rest). */
export const ENVELOPE_PIECE_BYTES = MAX_FRAME_BYTES;

/** A framed envelope's header, as read from its text frame. */
export interface EnvelopeHeader {
  id: number;
  /** The envelope's UTF-8 bytes, all pieces together. */
  bytes: number;
}

/** The header's text frame for an envelope of `bytes` UTF-8 bytes. */
export function envelopeHeaderFrame(id: number, bytes: number): string {
  return JSON.stringify({ id, envelope: { bytes } });
}

/** How many pieces carry an envelope of `bytes` bytes. */
export function envelopePieceCount(bytes: number): number {
  return Math.ceil(bytes / ENVELOPE_PIECE_BYTES);
}

/** The size piece `index` of an envelope of `bytes` bytes must have. */
export function envelopePieceBytes(bytes: number, index: number): number {
  return Math.min(ENVELOPE_PIECE_BYTES, bytes - index * ENVELOPE_PIECE_BYTES);
}

/** The envelope's UTF-8 as its pieces (views, not copies). */
export function envelopePieces(utf8: Uint8Array): Uint8Array[] {
  const pieces: Uint8Array[] = [];
  for (let at = 0; at < utf8.length; at += ENVELOPE_PIECE_BYTES) pieces.push(utf8.subarray(at, at + ENVELOPE_PIECE_BYTES));
  return pieces;
}

/** Is this parsed text frame a framed envelope's header (it names `envelope`)? */
export function isEnvelopeHeader(value: unknown): boolean {
  return value !== null && typeof value === 'object' && !Array.isArray(value) && Object.hasOwn(value, 'envelope');
}

/**
 * Reads a header: the header, or why it is refused. A declared size over MAX_ENVELOPE_BYTES is
 * refused here, its pieces never kept.
 */
export function readEnvelopeHeader(value: unknown): EnvelopeHeader | { error: string } {
  const { id, envelope, ...rest } = value as { id?: unknown; envelope?: unknown };
  if (typeof id !== 'number' || !Number.isInteger(id) || id <= 0) return { error: 'a framed envelope needs a positive whole id' };
  const bytes = (envelope as { bytes?: unknown } | null)?.bytes;
  if (Object.keys(rest).length > 0 || envelope === null || typeof envelope !== 'object' || Object.keys(envelope).length !== 1 || typeof bytes !== 'number' || !Number.isInteger(bytes) || bytes < 1) {
    return { error: 'a framed envelope\'s header is {"id":N,"envelope":{"bytes":B}}, B a positive whole number' };
  }
  if (bytes > MAX_ENVELOPE_BYTES) return { error: `${ENVELOPE_TOO_LARGE_MESSAGE}; this one declares ${bytes}` };
  return { id, bytes };
}

