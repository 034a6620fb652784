/**
 * Entities decoded before linkedom parses a page, in one linear pass. htmlparser2 (linkedom's
 * tokenizer) reports every entity as a text event of its own, and linkedom makes each one a Text
 * node: 10 MB of `&amp;` became two million sibling nodes, which linkedom took minutes over (and
 * Readability, setting innerHTML from them, overflowed the stack). Here the same tokenizer, with
 * linkedom's own options, finds each run of adjacent text events; the run is written back as its
 * decoded text, one text event on the second parse. The two characters that would be markup again
 * (`&`, `<`) are written as private-use stand-ins, and `restore` turns them back in the text read
 * from the page. A stand-in character already in the page is escaped (STAND_IN_ESCAPE before it),
 * so every text survives the round trip exactly.
 */
import { Parser } from 'htmlparser2';

const AMP = '\ue000';
const LT = '\ue001';
const ESCAPE = '\ue002';
const TO_STAND_IN = /[&<\ue000-\ue002]/g;
const FROM_STAND_IN = /\ue002([\ue000-\ue002])|[\ue000\ue001]/g;

function standIn(char: string): string {
  return char === '&' ? AMP : char === '<' ? LT : ESCAPE + char;
}

/** A decoded text run as source that parses back to one text event of the same text (stand-ins aside). */
function encodeRun(text: string): string {
  return text.replace(TO_STAND_IN, standIn);
}

/** The text read from a page parsed from predecodeEntities' output, with `&` and `<` back. */
export function restoreStandIns(text: string): string {
  return text.replace(FROM_STAND_IN, (match, escaped: string | undefined) => escaped ?? (match === AMP ? '&' : '<'));
}

/** The page with every run of text (and the entities in it) written as its decoded text. */
export function predecodeEntities(html: string): string {
  const out: string[] = [];
  let copiedTo = 0;
  let run: string[] = [];
  let runStart = -1;
  let runEnd = -1;
  const flush = () => {
    if (runStart < 0) return;
    out.push(html.slice(copiedTo, runStart), encodeRun(run.join('')));
    copiedTo = runEnd;
    run = [];
    runStart = -1;
  };
  const parser: Parser = new Parser(
    {
      ontext(data) {
        // A text event covers source [startIndex, endIndex]; adjacent ones are one run of text.
        if (parser.startIndex !== runEnd) flush();
        if (runStart < 0) runStart = parser.startIndex;
        run.push(data);
        runEnd = parser.endIndex + 1;
      },
    },
    { lowerCaseAttributeNames: false, decodeEntities: true, xmlMode: false },
  );
  parser.end(html);
  flush();
  out.push(html.slice(copiedTo));
  return out.join('');
}
