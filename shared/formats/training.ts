/**
 * Training data in the seed's format, so that hand-corrected documents become training pairs:
 *
 *   {"sections": [[sentence, ...], ...], "topics": [...], "summaries": [...]}
 *
 * One section per segment, split into sentences by the shared sentence rules and trimmed.
 * `topics` / `summaries` are written only when some segment has one ("" for those without),
 * so a plain segmentation gives the `simple` model's target.
 *
 * Reading is lossy in whitespace only: sentences are joined with a space and sections with a
 * blank line, so the rebuilt text has the document's words but not its original spacing.
 * Evaluation compares such texts by their non-whitespace characters.
 */
import { z } from 'zod';
import type { SegmentationResult, SegmentNote } from '../document/types';
import { sentenceStartsIn } from '../text/sentences';
import { cleanNote, resultFromCuts, type ReadResult } from './assemble';
import { segmentsToWrite } from './check-result';
import { FormatError } from './errors';
import { parseJsonText, validate } from './parse-json';

const SENTENCE_SEPARATOR = ' ';
const SECTION_SEPARATOR = '\n\n';

const trainingSchema = z.object({
  sections: z.array(z.array(z.string())),
  topics: z.array(z.string()).optional(),
  summaries: z.array(z.string()).optional(),
});

export interface TrainingExample {
  sections: string[][];
  topics?: string[];
  summaries?: string[];
  /** Batch exports of a workspace: which document the line is, and the strategy its correction started from. */
  document?: { id: string; name: string };
  basedOn?: string | null;
}

/** The trimmed, non-empty sentences of text[start, end). */
export function sentencesOf(text: string, start: number, end: number): string[] {
  const starts = [start, ...sentenceStartsIn(text, start, end).filter((s) => s > start)];
  return starts.map((s, i) => text.slice(s, starts[i + 1] ?? end).trim()).filter((s) => s !== '');
}

export function toTrainingExample(result: SegmentationResult, text: string): TrainingExample {
  const segments = segmentsToWrite(result, text, [], { excluded: 'keep' });
  const example: TrainingExample = { sections: segments.map((s) => sentencesOf(text, s.start, s.end)) };
  if (segments.some((s) => s.topic !== undefined)) example.topics = segments.map((s) => s.topic ?? '');
  if (segments.some((s) => s.summary !== undefined)) example.summaries = segments.map((s) => s.summary ?? '');
  return example;
}

export function writeTraining(result: SegmentationResult, text: string): string {
  return JSON.stringify(toTrainingExample(result, text)) + '\n';
}

/**
 * One line of a workspace's training export: the example, naming its document (id and name) and
 * the strategy its correction started from, so that every line can be traced to what a person did.
 */
export function writeTrainingLine(result: SegmentationResult, text: string, origin: { id: string; name: string; basedOn: string | null }): string {
  const example: TrainingExample = { ...toTrainingExample(result, text), document: { id: origin.id, name: origin.name }, basedOn: origin.basedOn };
  return JSON.stringify(example) + '\n';
}

export function readTrainingObject(source: string, value: unknown): ReadResult {
  const example = validate(source, trainingSchema, value);
  for (const key of ['topics', 'summaries'] as const) {
    const list = example[key];
    if (list && list.length !== example.sections.length) {
      throw new FormatError(`${source}: ${key} has ${list.length} entries for ${example.sections.length} sections`);
    }
  }
  let text = '';
  const cuts: number[] = [];
  const notes = new Map<number, SegmentNote>();
  example.sections.forEach((sentences, i) => {
    const body = sentences.map((s) => s.trim()).filter((s) => s !== '').join(SENTENCE_SEPARATOR);
    if (body === '') return; // an empty section has no text to start
    if (text !== '') text += SECTION_SEPARATOR;
    cuts.push(text.length);
    notes.set(text.length, cleanNote({ topic: example.topics?.[i], summary: example.summaries?.[i] }));
    text += body;
  });
  return resultFromCuts(source, text, 'training', cuts, notes);
}

export function readTraining(source: string, content: string): ReadResult {
  return readTrainingObject(source, parseJsonText(source, content));
}
