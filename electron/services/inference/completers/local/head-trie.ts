/**
 * The trie of a window's head lines, for the local engine's constrained decoder. Each candidate's
 * allowed heads (shared/profiles/constrained.ts) become lines `prefix + head + "\n"`, stored byte by
 * byte (UTF-8) so lines share their common beginnings. While the model writes a head line, the
 * decoder asks the trie which vocabulary tokens may come next: every token whose bytes continue
 * some line still allowed, exactly the set a GBNF grammar of the same lines allows. Within a head
 * that is usually a few tokens; at the last bytes of a line often one, which is then forced.
 */
import type { Token } from 'node-llama-cpp';
import type { HeadCandidate } from '../../../../../shared/profiles/constrained';
import { utf8Latin1, type TokenBytes } from './token-bytes';

export interface TrieNode {
  /** Children by byte (0-255). */
  children: Map<number, TrieNode>;
  /** The lowest and highest candidate index whose lines pass through this node. */
  minCandidate: number;
  maxCandidate: number;
  /** Every candidate whose lines pass through this node (ascending): the heads a token reaching it keeps open. */
  candidates: number[];
  /** Candidates whose head line ends here (ascending). */
  ends: number[];
}

function node(): TrieNode {
  return { children: new Map(), minCandidate: Infinity, maxCandidate: -Infinity, candidates: [], ends: [] };
}

/** The candidate indices a step may still choose: from `lo` (document order) up to `hi`. */
export interface CandidateRange {
  lo: number;
  hi: number;
}

function inRange(n: TrieNode, r: CandidateRange): boolean {
  return n.maxCandidate >= r.lo && n.minCandidate <= r.hi;
}

export class HeadTrie {
  readonly root: TrieNode = node();

  constructor(
    candidates: readonly HeadCandidate[],
    headPrefix: string,
    private readonly vocab: TokenBytes,
  ) {
    candidates.forEach((cand, k) => {
      for (const head of cand.choices) this.insert(utf8Latin1(`${headPrefix}${head}\n`), k);
    });
  }

  private insert(bytes: string, candidate: number): void {
    let at = this.root;
    const touch = (n: TrieNode) => {
      n.minCandidate = Math.min(n.minCandidate, candidate);
      n.maxCandidate = Math.max(n.maxCandidate, candidate);
      // Candidates are inserted in ascending order, so the list stays sorted without duplicates.
      if (n.candidates.at(-1) !== candidate) n.candidates.push(candidate);
    };
    touch(at);
    for (let i = 0; i < bytes.length; i++) {
      const b = bytes.charCodeAt(i);
      let next = at.children.get(b);
      if (!next) at.children.set(b, (next = node()));
      touch(next);
      at = next;
    }
    if (!at.ends.includes(candidate)) {
      at.ends.push(candidate);
      at.ends.sort((a, b) => a - b);
    }
  }

  /** Every token whose bytes lead from `at` along a line of a candidate in the range. */
  allowed(at: TrieNode, range: CandidateRange): Set<Token> {
    const out = new Set<Token>();
    const { byBytes, maxBytes } = this.vocab;
    const walk = (n: TrieNode, key: string) => {
      for (const [b, child] of n.children) {
        if (!inRange(child, range)) continue;
        const k = key + String.fromCharCode(b);
        const tokens = byBytes.get(k);
        if (tokens) for (const t of tokens) out.add(t);
        if (k.length < maxBytes) walk(child, k);
      }
    };
    walk(at, '');
    return out;
  }

  /** The node reached from `at` by the token's bytes (the token must be allowed there). */
  advance(at: TrieNode, token: Token): TrieNode {
    const bytes = this.vocab.bytesOf[token] ?? '';
    let n: TrieNode | undefined = at;
    for (let i = 0; i < bytes.length && n; i++) n = n.children.get(bytes.charCodeAt(i));
    if (!n || bytes === '') throw new Error(`token ${token} does not continue a head line`);
    return n;
  }

  /**
   * Whether the token, written at `at`, keeps the candidate's head open: its bytes lead along a
   * line of that candidate. The decoder's confidence (trie-decoder.ts) compares the tokens that do
   * with those that lead to another head (or to no head).
   */
  keepsOpen(at: TrieNode, token: Token, candidate: number): boolean {
    const bytes = this.vocab.bytesOf[token] ?? '';
    let n: TrieNode | undefined = at;
    for (let i = 0; i < bytes.length && n; i++) n = n.children.get(bytes.charCodeAt(i));
    return n !== undefined && bytes !== '' && n.candidates.includes(candidate);
  }

  /** The candidate whose line ends at `at` (the first in the range, as the parser reads it), or -1. */
  endAt(at: TrieNode, range: CandidateRange): number {
    return at.ends.find((k) => k >= range.lo && k <= range.hi) ?? -1;
  }

  /** Whether any head line in the range can start. */
  canStart(range: CandidateRange): boolean {
    return this.root.children.size > 0 && inRange(this.root, range);
  }
}
