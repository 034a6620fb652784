/**
 * `eval --gold FILE --pred FILE [--tolerance N] [--k N] [--json]`: scores a predicted segmentation
 * against a gold one. Either file may be a JSON result (or any other readable segmentation
 * format), a training file or a WIKI-727K text; both must be of the same text (compared without
 * whitespace when one format does not keep it).
 */
import { alignBoundaries, evaluateBoundaries, type Evaluation, type SegmentStats } from '../../../shared/metrics';
import { loadSegmentationFile, type LoadedSegmentation } from '../files';
import { describeFlags, parseArgs, type FlagSpecs } from '../args';
import { budgetFlags, budgetsFromFlags } from '../../argv/budgets';
import { UserInputError } from '../errors';

const SPEC = {
  gold: { type: 'string', valueName: 'FILE', description: 'the reference segmentation' },
  pred: { type: 'string', valueName: 'FILE', description: 'the segmentation to score' },
  tolerance: { type: 'int', min: 0, description: 'boundary F1: a predicted cut this many characters off still counts (default 0)' },
  k: { type: 'int', min: 1, description: 'Pk/WindowDiff window in characters (default: half the mean gold segment length)' },
  json: { type: 'boolean', description: 'print the numbers as JSON' },
  ...budgetFlags(['inputBytes']),
} as const satisfies FlagSpecs;

export const EVAL_USAGE = `usage: cli eval --gold FILE --pred FILE [options]

Pk and WindowDiff (error rates: lower is better) and boundary precision/recall/F1.
FILE: a JSON/JSONL/Markdown/CSV segmentation, a training file (.json) or a WIKI-727K text.

${describeFlags(SPEC)}
`;

export interface EvalReport extends Omit<Evaluation, 'reference' | 'predicted'> {
  alignment: 'exact' | 'non-whitespace';
  gold: { file: string; strategy: string } & SegmentStats;
  pred: { file: string; strategy: string } & SegmentStats;
}

export function evaluateFiles(gold: LoadedSegmentation, pred: LoadedSegmentation, options: { tolerance?: number; k?: number }): EvalReport {
  const aligned = alignBoundaries(gold.text, gold.result.segmentation.boundaries, pred.text, pred.result.segmentation.boundaries);
  // A window as long as the text has both ends in one segment whatever the cuts: Pk and WindowDiff would read 0.
  if (options.k !== undefined && options.k >= aligned.length) {
    const unit = aligned.alignment === 'exact' ? 'characters' : 'non-space characters';
    throw new UserInputError(`--k ${options.k} is not smaller than the text (${aligned.length} ${unit}): Pk and WindowDiff would be 0 for any segmentation`);
  }
  const evaluation = evaluateBoundaries(aligned.reference, aligned.predicted, aligned.length, options);
  const { reference, predicted, ...scores } = evaluation;
  return {
    ...scores,
    alignment: aligned.alignment,
    gold: { file: gold.path, strategy: gold.result.strategy, ...reference },
    pred: { file: pred.path, strategy: pred.result.strategy, ...predicted },
  };
}

function describeSide(label: string, side: EvalReport['gold'], unit: string): string {
  return `${label}  ${side.file} (${side.strategy}): ${side.count} segment${side.count === 1 ? '' : 's'}, mean ${side.meanChars.toFixed(1)} ${unit}, median ${side.medianChars} ${unit}`;
}

export function formatReport(report: EvalReport): string {
  const unit = report.alignment === 'exact' ? 'chars' : 'non-space chars';
  const lines = [
    describeSide('gold', report.gold, unit),
    describeSide('pred', report.pred, unit),
    report.alignment === 'exact' ? `text        ${report.chars} chars` : `text        ${report.chars} non-space chars (the files space the text differently)`,
    `window k    ${report.k} ${unit}`,
    `tolerance   ${report.tolerance} ${unit}`,
    '',
    `Pk          ${report.pk.toFixed(4)}   (lower is better)`,
    `WindowDiff  ${report.windowDiff.toFixed(4)}   (lower is better)`,
    `precision   ${report.precision.toFixed(4)}`,
    `recall      ${report.recall.toFixed(4)}`,
    `F1          ${report.f1.toFixed(4)}`,
  ];
  return lines.join('\n') + '\n';
}

export default async function evalCommand(argv: string[]): Promise<number> {
  const { flags, help } = parseArgs(argv, SPEC);
  if (help) {
    process.stdout.write(EVAL_USAGE);
    return 0;
  }
  if (flags.gold === undefined) throw new UserInputError('missing --gold FILE');
  if (flags.pred === undefined) throw new UserInputError('missing --pred FILE');
  const { gold: goldPath, pred: predPath } = flags;
  const budgets = budgetsFromFlags(flags);
  const gold = await loadSegmentationFile(goldPath, budgets);
  const pred = await loadSegmentationFile(predPath, budgets);
  const report = evaluateFiles(gold, pred, { tolerance: flags.tolerance, k: flags.k });
  if (flags.json) {
    process.stdout.write(JSON.stringify(report, null, 2) + '\n');
  } else {
    process.stdout.write(formatReport(report));
  }
  return 0;
}
