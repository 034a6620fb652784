/**
 * Makes heads the way a small model garbles them, from known segment starts: for the locator's
 * tests and its benchmark. Deterministic for a given seed.
 *
 * At noise level r (0 = clean, 1 = extreme) each of these happens with probability r: a case
 * change, punctuation removal, quote/dash/ellipsis swaps, a dropped word, an extra word, two
 * words glued (a removed newline); and each character is edited (substituted, deleted or
 * doubled) with probability r / 12.
 */
import { seededRandom } from '../../shared/util/seeded-random';

const EXTRA_WORDS = ['the', 'and', 'then', 'also', 'very', 'so', 'indeed', 'of'];
const SWAPS: Array<[RegExp, string]> = [
  [/'/g, '’'],
  [/’/g, "'"],
  [/"/g, '“'],
  [/[“”]/g, '"'],
  [/—/g, ' - '],
  [/ - /g, '—'],
  [/…/g, '...'],
  [/\.\.\./g, '…'],
];

function pick<T>(items: readonly T[], random: () => number): T {
  return items[Math.floor(random() * items.length)] as T;
}

/** The first `words` whitespace-separated words at `start`, as a clean head. */
export function cleanHead(text: string, start: number, words: number): string {
  const found: string[] = [];
  const re = /\S+/g;
  re.lastIndex = start;
  for (let m = re.exec(text); m && found.length < words; m = re.exec(text)) found.push(m[0]);
  return found.join(' ');
}

/** A noisy version of `head` at noise level `rate` in [0, 1]. */
export function addNoise(head: string, rate: number, random: () => number): string {
  const words = head.split(' ').filter(Boolean);
  if (random() < rate && words.length > 3) words.splice(1 + Math.floor(random() * (words.length - 1)), 1);
  if (random() < rate) words.splice(Math.floor(random() * (words.length + 1)), 0, pick(EXTRA_WORDS, random));
  if (random() < rate && words.length > 1) {
    const at = Math.floor(random() * (words.length - 1));
    words.splice(at, 2, `${words[at]}${words[at + 1]}`);
  }
  let noisy = words.join(' ');
  if (random() < rate) {
    const style = random();
    if (style < 0.4) noisy = noisy.toLowerCase();
    else if (style < 0.6) noisy = noisy.toUpperCase();
    else noisy = noisy.replace(/\S+/g, (w) => (random() < 0.5 ? w.charAt(0).toUpperCase() + w.slice(1) : w.toLowerCase()));
  }
  if (random() < rate) noisy = noisy.replace(/[.,;:!?"'“”‘’()[\]—–-]/g, '');
  if (random() < rate) for (const [from, to] of SWAPS) if (random() < 0.5) noisy = noisy.replace(from, to);
  const chars = [...noisy];
  const edited: string[] = [];
  for (const ch of chars) {
    if (random() >= rate / 12) {
      edited.push(ch);
      continue;
    }
    const op = random();
    if (op < 0.4) edited.push(String.fromCharCode(97 + Math.floor(random() * 26)));
    else if (op < 0.7) continue;
    else edited.push(ch, ch);
  }
  return edited.join('').trim();
}

export interface NoisyHeadCase {
  /** The true segment start. */
  start: number;
  head: string;
}

/** Noisy heads for the given segment starts: 5 to 10 words each, as the models emit them. */
export function noisyHeads(text: string, starts: readonly number[], rate: number, seed: number): NoisyHeadCase[] {
  const random = seededRandom(seed);
  return starts.map((start) => ({ start, head: addNoise(cleanHead(text, start, 5 + Math.floor(random() * 6)), rate, random) }));
}

/** A string of random letters and spaces that appears in no natural text. */
export function randomHead(random: () => number, length = 40): string {
  let s = '';
  for (let i = 0; i < length; i++) s += random() < 0.15 ? ' ' : String.fromCharCode(97 + Math.floor(random() * 26));
  return s.trim() || 'qzxv';
}
