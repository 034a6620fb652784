/**
 * The export's retrieval options as the Export panel holds them (strings for numbers), and how
 * they become the shared chunk options. Every export (button or File menu) uses them.
 */
import { create } from 'zustand';
import { chunkOptionsSchema, type ChunkOptions, type TokenizerName } from '../../shared/chunks';
import { DEFAULT_OFFSET_UNIT, type OffsetUnit } from '../../shared/text/offset-units';

export interface ExportForm {
  /** Empty: no overlap. */
  overlap: string;
  overlapUnit: 'chars' | 'tokens';
  overlapInline: boolean;
  headings: 'off' | 'field' | 'prefix';
  repairBlocks: boolean;
  /** Empty: no token counts. */
  tokenizer: '' | TokenizerName;
  /** The unit of the exported offsets (JSON, JSONL, CSV, Markdown name it). */
  offsets: OffsetUnit;
  /** Markdown: each segment's topic as a heading above its text (off: the marker alone carries it). */
  topicHeadings: boolean;
}

interface ExportFormState {
  form: ExportForm;
  update(change: Partial<ExportForm>): void;
}

export const useExportForm = create<ExportFormState>()((set, get) => ({
  form: { overlap: '', overlapUnit: 'chars', overlapInline: false, headings: 'off', repairBlocks: false, tokenizer: '', offsets: DEFAULT_OFFSET_UNIT, topicHeadings: false },
  update: (change) => set({ form: { ...get().form, ...change } }),
}));

/** The options the form asks for, or the one-line reason they make no sense. */
export function chunkOptionsOf(form: ExportForm): { options: ChunkOptions } | { error: string } {
  const overlapText = form.overlap.trim();
  if (overlapText !== '' && !/^\d+$/.test(overlapText)) return { error: `Overlap must be a whole number (got "${overlapText}").` };
  const parsed = chunkOptionsSchema.safeParse({
    ...(overlapText !== '' ? { overlap: { size: Number(overlapText), unit: form.overlapUnit, inline: form.overlapInline } } : {}),
    headings: form.headings,
    repairBlocks: form.repairBlocks,
    ...(form.tokenizer !== '' ? { tokenizer: form.tokenizer } : {}),
    offsets: form.offsets,
    topicHeadings: form.topicHeadings,
  });
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    return { error: `Export options: ${issue?.path.join('.') || 'value'} ${issue?.message ?? 'is invalid'}.` };
  }
  return { options: parsed.data };
}
