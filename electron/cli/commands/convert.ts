/**
 * `convert FILE --to FORMAT [--out PATH]`: reads a segmentation in any readable format and writes
 * it in another (e.g. a WIKI-727K file to JSON, a JSON result to Markdown for review), or
 * writes just the document text it holds.
 */
import { FORMAT_NAMES } from '../../../shared/formats';
import { checkOutputPath, loadSegmentationFile } from '../files';
import { describeFlags, parseArgs, type FlagSpecs } from '../args';
import { CHUNK_FLAGS, chunkOptionsFromFlags } from '../chunk-flags';
import { writeChunkedResult } from '../../services/export/write-chunked';
import { inputSource, STDIN_PATH } from '../stdin';
import { budgetFlags, budgetsFromFlags } from '../../argv/budgets';
import { UserInputError } from '../errors';
import { writeOutput } from '../io';
import { hostSettingsFromEnvironment } from '../../services/host/settings';

/** Besides the segmentation formats, `text` writes the bare document text (e.g. a WIKI-727K file without its markers, ready for `segment`). */
const TARGETS = [...FORMAT_NAMES, 'text'] as const;

const SPEC = {
  to: { type: 'enum', values: TARGETS, description: 'the format to write; text = the document text alone' },
  out: { type: 'string', valueName: 'PATH', description: 'write to this file instead of stdout (only once everything succeeded)' },
  name: { type: 'string', valueName: 'NAME', description: "with FILE '-' (standard input): the file's name; its extension picks the format (default stdin.json)" },
  ...CHUNK_FLAGS,
  ...budgetFlags(['inputBytes']),
} as const satisfies FlagSpecs;

export const CONVERT_USAGE = `usage: cli convert FILE --to FORMAT [--out PATH]

FILE: a JSON/JSONL/Markdown/CSV segmentation, a training file (.json) or a WIKI-727K text; - for standard input.

${describeFlags(SPEC)}
`;

export default async function convert(argv: string[]): Promise<number> {
  const { flags, positionals, help } = parseArgs(argv, SPEC, { positionals: { min: 1, max: 1, names: 'FILE (the segmentation to convert)' } });
  if (help) {
    process.stdout.write(CONVERT_USAGE);
    return 0;
  }
  if (flags.to === undefined) throw new UserInputError(`missing --to FORMAT (one of ${TARGETS.join(', ')})`);
  const to = flags.to;
  const chunkOptions = chunkOptionsFromFlags(flags);
  const budgets = budgetsFromFlags(flags);
  const input = positionals[0] as string;
  const inputs = input === STDIN_PATH ? [] : [input];
  if (flags.out !== undefined) await checkOutputPath(flags.out, inputs);
  const { text, result } = await loadSegmentationFile(await inputSource(input, flags.name ?? 'stdin.json', budgets.inputBytes), budgets);
  await writeOutput(flags.out, to === 'text' ? text : await writeChunkedResult(to, result, text, chunkOptions, { modelsDir: hostSettingsFromEnvironment().modelsDir }), inputs);
  return 0;
}
