import type { DocumentInfo } from './types';
import { sha256Hex } from '../util/sha256';

/** The identity of a document text: its name, length in UTF-16 code units and UTF-8 sha256. */
export function describeDocument(name: string, text: string): DocumentInfo {
  return { name, chars: text.length, sha256: sha256Hex(text) };
}

/**
 * "This result belongs to this text", written once: same length and sha256 (the name is only a
 * label and is not compared). Compares two descriptions, so nothing is re-hashed.
 */
export function sameText(a: DocumentInfo, b: DocumentInfo): boolean {
  return a.chars === b.chars && a.sha256 === b.sha256;
}

/** True when `info` describes exactly this text: sameText against the text's own description. */
export function describesText(info: DocumentInfo, text: string): boolean {
  return info.chars === text.length && sameText(info, { name: info.name, chars: text.length, sha256: sha256Hex(text) });
}
