/**
 * Rule-based sentence starts, good enough for snapping cuts and for building model grammars:
 * a sentence starts at the beginning of the text, at every non-blank line that is not the
 * wrapped continuation of the line before (see wrapped-lines.ts: there the line break reads as
 * a space), and after sentence punctuation. Deliberately conservative: a missed start costs a
 * slightly worse cut; a false one would cut "e.g.", "z. B." or "т. е." in two.
 */
import { BLANK_CLASS, BLANK_CLASS_SOURCE, BREAK_CLASS, isBlankChar, isBlankLine, lineStarts, paragraphStarts, whitespaceClassTable } from './lines';
import { isWrappedLine } from './wrapped-lines';

export { lineStarts, paragraphStarts };

const LF = 0x0a;
const CR = 0x0d;

/** Western terminators need whitespace after them; "." also passes the abbreviation test. */
const LATIN_TERMINATOR_CHARS = '.!?…‼⁇⁈⁉';
const LATIN_TERMINATORS = codeSet(LATIN_TERMINATOR_CHARS);
/** CJK terminators end a sentence even when the next one follows without a space. */
const CJK_TERMINATOR_CHARS = '。！？｡．';
const CJK_TERMINATORS = codeSet(CJK_TERMINATOR_CHARS);
/** Closing quotes and brackets that may sit between a terminator and the next sentence. */
const CLOSER_CHARS = '"\'”’»›)]}」』）】》〉〕';
const CLOSERS = codeSet(CLOSER_CHARS);
/**
 * Characters no sentence opens with: terminators (". . ." is one ellipsis, not three sentence ends),
 * closing-only brackets and quotes, and the marks that go on a sentence. After a spaced Latin
 * terminator, one of these means the terminator did not end a sentence ("value2 . . . )").
 * " and ' are left out: they open sentences as often as they close them.
 */
const NON_OPENER_CHARS = `${LATIN_TERMINATOR_CHARS},;:)]}”’»›`;
const NON_OPENERS = codeSet(NON_OPENER_CHARS);

/**
 * Code-unit class flags, so the per-character tests are one array read (and the hot functions
 * stay small: they are compiled while the first long text is being read).
 */
const BLANK = BLANK_CLASS;
const BREAK = BREAK_CLASS;
const CLOSER = 4;
const LATIN_TERMINATOR = 8;
const CJK_TERMINATOR = 16;
const CHAR_CLASS = whitespaceClassTable();
for (const c of CLOSERS) CHAR_CLASS[c] = (CHAR_CLASS[c] ?? 0) | CLOSER;
for (const c of LATIN_TERMINATORS) CHAR_CLASS[c] = (CHAR_CLASS[c] ?? 0) | LATIN_TERMINATOR;
for (const c of CJK_TERMINATORS) CHAR_CLASS[c] = (CHAR_CLASS[c] ?? 0) | CJK_TERMINATOR;

function hasClass(code: number, flag: number): boolean {
  return ((CHAR_CLASS[code] as number) & flag) !== 0;
}

function codeSet(chars: string): Set<number> {
  return new Set([...chars].map((c) => c.charCodeAt(0)));
}

/**
 * Words that end in a period without ending a sentence. Lower-case, without their final period.
 * "etc", "usw", "a.m." and "U.S." are left out on purpose: they end sentences about as often as
 * not. Single letters are not listed: a capital one before a period is an initial ("J. Smith",
 * "А. С. Пушкин"), a small one is part of an abbreviation when a single letter and a period
 * come just before or after it ("z. B.", "d. h.", "т. е."); alone ("a. The") it may end a sentence.
 */
const ABBREVIATIONS = [
  // English
  'mr', 'mrs', 'ms', 'mx', 'dr', 'prof', 'sr', 'jr', 'st', 'mt', 'rev', 'hon', 'gen', 'col', 'capt', 'lt', 'sgt',
  'vs', 'cf', 'e.g', 'i.e', 'eg', 'ie', 'al', 'approx', 'ca', 'resp', 'viz', 'dept', 'ph.d',
  // German
  'z.b', 'd.h', 'u.a', 'o.ä', 'bzw', 'vgl', 'ggf', 'evtl', 'bzgl', 'inkl', 'exkl', 'zzgl', 'sog', 'hrsg', 'allg',
  // French
  'mme', 'mlle', 'mm', 'p.ex', 'env', 'cad',
  // Spanish
  'sra', 'srta', 'dra', 'ud', 'uds', 'p.ej', 'ej', 'aprox', 'admón',
  // Russian
  'т.е', 'т.д', 'т.п', 'т.к', 'т.н', 'н.э', 'см', 'напр', 'проф', 'им', 'ул', 'англ', 'лат',
];

/** Abbreviations that are ordinary words too ("no", "mar"): they count only before a number. */
const NUMBER_ABBREVIATIONS = [
  'no', 'nos', 'vol', 'pp', 'ch', 'sec', 'fig', 'figs', 'eq', 'eqs',
  'jan', 'feb', 'mar', 'apr', 'jun', 'jul', 'aug', 'sep', 'sept', 'oct', 'nov', 'dec',
  'nr', 'abs', 'bd', 'kap', 'abb', 'tab', 'núm', 'pág', 'cap', 'art', 'chap', 'рис', 'стр', 'гл', 'табл', 'разд',
];

/**
 * Months after which "1." is a German ordinal date ("am 1. Januar"), not a sentence end: the
 * capitalised name would otherwise read as a new sentence.
 */
const ORDINAL_DATE_WORDS = ['Januar', 'Jänner', 'Februar', 'März', 'April', 'Mai', 'Juni', 'Juli', 'August', 'September', 'Oktober', 'November', 'Dezember', 'Jahrhundert', 'Jahrhunderts'];
const ORDINAL_DATE_SOURCE = `(?:${ORDINAL_DATE_WORDS.join('|')})(?![A-Za-z\u00c0-\u024f])`;
const ORDINAL_DATE_AHEAD = new RegExp(`^${ORDINAL_DATE_SOURCE}`);

const LONGEST_ABBREVIATION = Math.max(...[...ABBREVIATIONS, ...NUMBER_ABBREVIATIONS].map((word) => word.length));

/**
 * Each list as one case-insensitive whole-word pattern: the same answer as lower-casing the word
 * and looking it up (the words are ASCII, and without the u flag no other letter folds to ASCII),
 * with less code in the hot sentence-start test for V8 to compile.
 */
function wordPattern(words: readonly string[]): RegExp {
  return new RegExp(`^(?:${words.map((w) => w.replace(/\./g, '\\.')).join('|')})$`, 'i');
}
const ABBREVIATION_PATTERN = wordPattern(ABBREVIATIONS);
const NUMBER_ABBREVIATION_PATTERN = wordPattern(NUMBER_ABBREVIATIONS);

/**
 * Sentence starts found by the native regular expression engine in one pass, so that the
 * JavaScript loop around it does almost nothing per start (on a first call that loop runs
 * unoptimised, and what becomes hot is compiled: the smaller, the cheaper). A match ends at its
 * candidate, and for a candidate whose character is ASCII the match is exactly isSentenceStart:
 * - a line break (CRLF as one) before a line with something other than blanks on it;
 * - a Latin terminator, closers and at least one blank, where the next character is neither a
 *   blank, a line break, an ASCII lower-case letter nor a NON_OPENER, and a period is none of
 *   isNonTerminalPeriod's: after an abbreviation (a number abbreviation only before a digit), an
 *   initial, or a list number at the start of a line (the look-behinds below);
 * - a CJK terminator, closers and blanks, where the next character is no line break (nor, with no
 *   blank before it, a closer).
 * Only a non-ASCII character after a Latin terminator may be a lower-case letter, which a
 * pattern without the u flag cannot tell: those few candidates are decided by isSentenceStart.
 * Each lookahead refuses the characters the match could have gone on with, so only the longest
 * match passes, as isSentenceStart's backward walk expects. Every match ends after its
 * terminator, closers and blanks, so no terminator is inside another match.
 */
const BLANKS = BLANK_CLASS_SOURCE;
/** The closers inside a character class: only "]" needs escaping there. */
const CLOSERS_IN_CLASS = CLOSER_CHARS.replace(']', '\\]');
/** The code units isLetterCode accepts, and the period: the run isNonTerminalPeriod reads back over. */
const WORD_RUN_CLASS = 'A-Za-z\\u00c0-\\u024f\\u0370-\\u03ff\\u0400-\\u04ff.';
/** A letter of WORD_RUN_CLASS. */
const LETTER_CLASS = 'A-Za-z\\u00c0-\\u024f\\u0370-\\u03ff\\u0400-\\u04ff';
/** Capital letters (Latin, Greek, Cyrillic) that make an initial: isCapitalInitial. */
const CAPITAL_CLASS = 'A-Z\\u00c0-\\u00d6\\u00d8-\\u00de\\u0386-\\u03ab\\u0400-\\u042f';
/** Small letters that may be one letter of an abbreviation ("z. B."): isSmallSingle. */
const SMALL_CLASS = 'a-z\\u00df-\\u00f6\\u00f8-\\u00ff\\u03ac-\\u03ce\\u0430-\\u045f';
/**
 * A list as alternatives for the whole run of letters and periods before a period, each ASCII
 * letter as a class of its two cases: what the case-insensitive wordPattern matches (a test
 * checks that no other code unit folds to an ASCII letter without the u flag).
 */
function wordRunAlternatives(words: readonly string[]): string {
  const letters = (word: string) => [...word].map((c) => (c === '.' ? '\\.' : `[${c}${c.toUpperCase()}]`)).join('');
  return `(?<![${WORD_RUN_CLASS}])(?:${words.map(letters).join('|')})`;
}
/** What isNonTerminalPeriod finds before a period whatever follows: an abbreviation, an initial, a list number. */
const SINGLE = `(?<![${WORD_RUN_CLASS}])`;
const NON_TERMINAL_BEFORE_PERIOD =
  `${wordRunAlternatives(ABBREVIATIONS)}|${SINGLE}[${CAPITAL_CLASS}]` +
  `|${SINGLE}[${SMALL_CLASS}](?=\\.[${BLANKS}]+[${LETTER_CLASS}]\\.)|(?<=${SINGLE}[${LETTER_CLASS}]\\.[${BLANKS}]+)[${SMALL_CLASS}]` +
  `|(?:^|[\\r\\n])[${BLANKS}]*[0-9]+`;
const CANDIDATE_PATTERN = new RegExp(
  [
    `(?:\\r\\n|\\r|\\n)(?=[${BLANKS}]*[^${BLANKS}\\r\\n])`,
    // The look-behinds only where closers and a blank follow (not at every period of a path or a number).
    `[${LATIN_TERMINATOR_CHARS}](?=[${CLOSERS_IN_CLASS}]*[${BLANKS}])` +
      `(?<!(?:${NON_TERMINAL_BEFORE_PERIOD})\\.)` +
      `(?!(?<=${wordRunAlternatives(NUMBER_ABBREVIATIONS)}\\.)[${CLOSERS_IN_CLASS}]*[${BLANKS}]+[0-9])` +
      `(?!(?<=(?<![0-9])[0-9]{1,2}\\.)[${CLOSERS_IN_CLASS}]*[${BLANKS}]+${ORDINAL_DATE_SOURCE})` +
      `[${CLOSERS_IN_CLASS}]*[${BLANKS}]+(?![${BLANKS}\\r\\na-z${NON_OPENER_CHARS.replace(']', '\\]')}])`,
    `[${CJK_TERMINATOR_CHARS}][${CLOSERS_IN_CLASS}]*(?:[${BLANKS}]+(?![${BLANKS}\\r\\n])|(?![${BLANKS}${CLOSERS_IN_CLASS}\\r\\n]))`,
  ].join('|'),
  'g',
);

function isLineBreak(code: number): boolean {
  return code === LF || code === CR;
}

function isLowerCaseAt(text: string, offset: number): boolean {
  const c = text.charCodeAt(offset);
  if (c >= 0x61 && c <= 0x7a) return true;
  if (c < 0x80) return false;
  return /^\p{Ll}/u.test(text.slice(offset, offset + 2));
}

function isLetterCode(code: number): boolean {
  return (code >= 0x61 && code <= 0x7a) || (code >= 0x41 && code <= 0x5a) || (code >= 0xc0 && code <= 0x24f) || (code >= 0x370 && code <= 0x4ff);
}

/** The code points of CAPITAL_CLASS and SMALL_CLASS. */
function isCapital(c: number): boolean {
  return (c >= 0x41 && c <= 0x5a) || (c >= 0xc0 && c <= 0xde && c !== 0xd7) || (c >= 0x386 && c <= 0x3ab) || (c >= 0x400 && c <= 0x42f);
}
function isSmall(c: number): boolean {
  return (c >= 0x61 && c <= 0x7a) || (c >= 0xdf && c <= 0xff && c !== 0xf7) || (c >= 0x3ac && c <= 0x3ce) || (c >= 0x430 && c <= 0x45f);
}

/** From `from` (just after a period): blanks, then one letter and a period ("z. B."). */
function singleLetterAbbreviationAt(text: string, from: number): boolean {
  let i = from;
  while (hasClass(text.charCodeAt(i), BLANK)) i++;
  return i > from && isLetterCode(text.charCodeAt(i)) && text.charCodeAt(i + 1) === 0x2e;
}

/** Before `end` (a word's start): blanks, and before them a period after one letter that starts a word ("d. h."). */
function singleLetterAbbreviationBefore(text: string, end: number): boolean {
  let i = end - 1;
  while (i >= 0 && hasClass(text.charCodeAt(i), BLANK)) i--;
  if (i === end - 1 || text.charCodeAt(i) !== 0x2e || !isLetterCode(text.charCodeAt(i - 1))) return false;
  const before = text.charCodeAt(i - 2);
  return i - 2 < 0 || !(isLetterCode(before) || before === 0x2e);
}

/** True when `offset` starts a line (just after a line break, never between CR and LF). */
function isLineStart(text: string, offset: number): boolean {
  if (offset === 0) return true;
  const before = text.charCodeAt(offset - 1);
  if (before === LF) return true;
  return before === CR && text.charCodeAt(offset) !== LF;
}

/**
 * Whether the period at `dot` is part of an abbreviation, an initial ("J. Smith", "z. B."), a
 * list number at the start of a line ("2. Install") or a German ordinal date ("1. Januar"):
 * none of those ends a sentence. `next` is where the following word starts.
 */
function isNonTerminalPeriod(text: string, dot: number, next: number): boolean {
  let start = dot;
  while (start > 0) {
    const c = text.charCodeAt(start - 1);
    if (isLetterCode(c) || c === 0x2e /* . */) start--;
    else break;
  }
  if (start < dot) {
    if (dot - start > 1 && text.charCodeAt(dot - 1) === 0x2e) return false; // "..." style run before the dot: an ellipsis
    // Longer than any abbreviation (lower-casing never shortens these letters) and not an initial: most words, without a slice.
    if (dot - start > LONGEST_ABBREVIATION) return false;
    const word = text.slice(start, dot);
    if (ABBREVIATION_PATTERN.test(word)) return true;
    const digitNext = text.charCodeAt(next) >= 0x30 && text.charCodeAt(next) <= 0x39;
    if (digitNext && NUMBER_ABBREVIATION_PATTERN.test(word)) return true;
    if (word.length !== 1) return false;
    const c = word.charCodeAt(0);
    if (isCapital(c)) return true; // an initial
    return isSmall(c) && (singleLetterAbbreviationAt(text, dot + 1) || singleLetterAbbreviationBefore(text, start));
  }
  // Digits only before the dot: a list marker when nothing but indentation precedes it on its line.
  let digits = dot;
  while (digits > 0) {
    const c = text.charCodeAt(digits - 1);
    if (c >= 0x30 && c <= 0x39) digits--;
    else break;
  }
  if (digits === dot) return false;
  if (dot - digits <= 2 && ORDINAL_DATE_AHEAD.test(text.slice(next, next + 14))) return true;
  let i = digits;
  while (i > 0 && isBlankChar(text.charCodeAt(i - 1))) i--;
  return i === 0 || isLineBreak(text.charCodeAt(i - 1));
}

/** True when a sentence starts at `offset` (see the module comment for the rules). */
export function isSentenceStart(text: string, offset: number): boolean {
  if (offset < 0 || offset >= text.length) return false;
  if (offset === 0) return true;
  // A line that ends a sentence starts one whether it wraps or not: that test is the cheaper.
  if (isLineStart(text, offset)) return !isBlankLine(text, offset) && (endsSentenceAtLineEnd(text, offset) || !isWrappedLine(text, offset));
  const here = text.charCodeAt(offset);
  if (hasClass(here, BLANK | BREAK)) return false;
  // Walk back over the spaces, then over closing quotes and brackets, to the terminator.
  let j = offset - 1;
  while (j >= 0 && hasClass(text.charCodeAt(j), BLANK)) j--;
  const spaced = j < offset - 1;
  // Unspaced, a closing bracket belongs to the sentence before ("。」" ends one sentence).
  if (!spaced && hasClass(here, CLOSER)) return false;
  while (j >= 0 && hasClass(text.charCodeAt(j), CLOSER)) j--;
  if (j < 0) return false;
  const terminator = text.charCodeAt(j);
  if (hasClass(terminator, CJK_TERMINATOR)) return true;
  if (!spaced || !hasClass(terminator, LATIN_TERMINATOR)) return false;
  if (NON_OPENERS.has(here)) return false;
  // "and so on. then" is more often a missed abbreviation than a new sentence.
  if (isLowerCaseAt(text, offset)) return false;
  if (terminator === 0x2e && isNonTerminalPeriod(text, j, offset)) return false;
  return true;
}

/** How far past a candidate CANDIDATE_PATTERN's look-aheads read at most (ORDINAL_DATE_WORDS' longest, and one). */
const READ_AHEAD = Math.max(...ORDINAL_DATE_WORDS.map((word) => word.length)) + 4;

/**
 * Whether the line before `lineStart` ends a sentence, read as if its line break were a space:
 * the same test as after a spaced terminator in isSentenceStart, on the next line's first word.
 */
function endsSentenceAtLineEnd(text: string, lineStart: number): boolean {
  let next = lineStart;
  while (hasClass(text.charCodeAt(next), BLANK)) next++;
  let j = lineStart - 1;
  if (text.charCodeAt(j) === LF) j--;
  if (text.charCodeAt(j) === CR) j--;
  while (j >= 0 && hasClass(text.charCodeAt(j), BLANK)) j--;
  while (j >= 0 && hasClass(text.charCodeAt(j), CLOSER)) j--;
  if (j < 0) return false;
  const terminator = text.charCodeAt(j);
  if (hasClass(terminator, CJK_TERMINATOR)) return true;
  if (!hasClass(terminator, LATIN_TERMINATOR)) return false;
  if (isLowerCaseAt(text, next)) return false;
  return !(terminator === 0x2e && isNonTerminalPeriod(text, j, next));
}

/**
 * Sentence starts within [from, to), in order. Context outside the range is still consulted.
 *
 * One pass of CANDIDATE_PATTERN: every start but offset 0 is either just after a line break, or
 * the first character after a terminator, the closers after it and the blanks after those; the
 * pattern finds exactly those (isSentenceStart decides the few it cannot, see above), so the
 * result is exactly the offsets in the range for which isSentenceStart holds (property-tested).
 * The pattern runs on the text up to READ_AHEAD code units past `to` (a slice, which copies
 * nothing), so its look-behinds see everything before the range and its look-aheads what they
 * read after a candidate in it ("z. B.", "1. Januar"); a line of blanks may go on past that: that
 * one line start is decided by isSentenceStart after the loop.
 */
export function sentenceStartsIn(text: string, from: number, to: number): number[] {
  const starts: number[] = [];
  const lo = Math.max(0, from);
  const end = Math.min(to, text.length);
  if (lo >= end) return starts;
  if (lo === 0) starts.push(0);
  // A terminator before `lo` reaches into the range only over closers and blanks: back up over them.
  let scan = lo;
  while (scan > 0 && (CHAR_CLASS[text.charCodeAt(scan - 1)] as number) & (BLANK | CLOSER)) scan--;
  const range = end + READ_AHEAD >= text.length ? text : text.slice(0, end + READ_AHEAD);
  CANDIDATE_PATTERN.lastIndex = Math.max(0, scan - 1);
  while (CANDIDATE_PATTERN.test(range)) {
    const candidate = CANDIDATE_PATTERN.lastIndex; // matches end at their candidate, in increasing order
    if (candidate >= end) break;
    // A line start is one unless the line is wrapped (isSentenceStart decides: few lines are long).
    if (candidate >= lo && ((text.charCodeAt(candidate) < 0x80 && !isLineBreak(text.charCodeAt(candidate - 1))) || isSentenceStart(text, candidate))) starts.push(candidate);
  }
  // A line of blanks up to the range's end: a start only when the line goes on past it.
  let blanks = end;
  while (blanks > lo && (CHAR_CLASS[text.charCodeAt(blanks - 1)] as number) & BLANK) blanks--;
  if (blanks < end && blanks > 0 && starts[starts.length - 1] !== blanks && isSentenceStart(text, blanks)) starts.push(blanks);
  return starts;
}

/**
 * Sorted offsets where sentences start: 0 for a non-empty text, the start of every non-blank
 * line that is not a wrapped continuation, and the first character after sentence punctuation (. ! ? … followed by a space, or
 * 。！？ followed by anything), skipping abbreviations, initials and list numbers.
 */
export function sentenceStarts(text: string): number[] {
  return sentenceStartsIn(text, 0, text.length);
}

/**
 * The sentence (or line) start nearest to `offset`, at most `maxDistance` code units away, or
 * null when there is none. On a tie the earlier one wins: a head placed a little late usually
 * lost its first word. Nothing before `floor` is considered. Reads only a window of the text,
 * so it is cheap to call per placement.
 */
export function nearestSnapPoint(text: string, offset: number, maxDistance: number, floor = 0): number | null {
  const lo = Math.max(floor, offset - maxDistance);
  const hi = Math.min(text.length, offset + maxDistance + 1);
  let best: number | null = null;
  for (const start of sentenceStartsIn(text, lo, hi)) {
    if (best === null || Math.abs(start - offset) < Math.abs(best - offset)) best = start;
  }
  return best;
}
