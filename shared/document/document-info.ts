import type { DocumentInfo } from './types';
import { sha256Hex } from '../util/sha256';

/** The identity of a document text: its name, length in UTF-16 code units and UTF-8 sha256. */
export function describeDocument(name: string, text: string): DocumentInfo {
  return { name, chars: text.length, sha256: sha256Hex(text) };
}

/** True when `info` describes exactly this text (the name is only a label and is not compared). */
export function describesText(info: DocumentInfo, text: string): boolean {
  return info.chars === text.length && info.sha256 === sha256Hex(text);
}
