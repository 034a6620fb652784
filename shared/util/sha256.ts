/**
 * SHA-256 of a document text, synchronous and pure JS (shared/ may not use node:crypto, and
 * WebCrypto's digest is async), through @noble/hashes. It fingerprints document texts so that a
 * segmentation file can be checked against the text it was made for.
 */
import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex } from '@noble/hashes/utils.js';
import { utf8Encode } from './utf8';

/** Hex SHA-256 of some bytes. */
export function sha256HexBytes(bytes: Uint8Array): string {
  return bytesToHex(sha256(bytes));
}

/** Hex SHA-256 of a string's UTF-8 bytes (a lone surrogate as U+FFFD, as TextEncoder and Node do). */
export function sha256Hex(text: string): string {
  return sha256HexBytes(utf8Encode(text));
}
