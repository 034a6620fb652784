/**
 * `train --workspace DIR | --corpus NAME|PATH [--out FILE] [--limit N]`: trains the `learned`
 * strategy on a workspace's corrected documents or a corpus's gold segmentations (with
 * --embedding-model FILE, also on that model's sentence-embedding cosine drops; a workspace, like
 * Train from corrections, uses the host's embedding model or the first installed one without the
 * flag), prints the
 * held-out figures and the strongest features, and writes the model as readable JSON (default:
 * DIR/learned-model.json for a workspace, learned-model.json here for a corpus).
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { trainWithSummary } from '../../../shared/learn/train-summary';
import type { LearnedModel } from '../../../shared/learn/model';
import type { LearnedTrainingReport } from '../../../shared/workspace/types';
import { resolveCorpus } from '../../corpus/resolve-corpus';
import { WORKSPACE_MODEL_FILE, writeLearnedModel } from '../../services/learn/model-file';
import { prepareDocuments, trainFromWorkspace } from '../../services/workspace/train-workspace';
import { describeFlags, parseArgs } from '../args';
import { UserInputError } from '../errors';
import { EMBEDDING_MODEL_FLAGS, TRAINING_OPTION_FLAGS, trainingOptionsFromFlags } from '../learn-flags';
import { TRAINING_OPTION_KEYS, trainingOptionFlag, type TrainingOptions } from '../../../shared/learn/training-options';
import { hostSettingsFromEnvironment } from '../../services/host/settings';
import { modelsDir } from '../../services/platform/app-paths';
import { embeddingModelSource } from '../../services/learn/workbench-model';
import { firstLine } from '../../../shared/text/first-line';

const SPEC = {
  workspace: { type: 'string', valueName: 'DIR', description: 'learn from the corrected documents of this workspace' },
  'allow-dir': {
    type: 'string',
    repeatable: true,
    valueName: 'DIR',
    description: 'workspace: documents may reference files inside DIR too, as with serve --allow-dir (repeatable; elsewhere they are damaged and not read)',
  },
  corpus: { type: 'string', valueName: 'NAME|PATH', description: 'learn from a corpus (novel, speeches, tech-docs, or a corpus folder)' },
  out: { type: 'string', valueName: 'FILE', description: `where to write the model (default: DIR/${WORKSPACE_MODEL_FILE}, or ./${WORKSPACE_MODEL_FILE} for a corpus)` },
  limit: { type: 'int', min: 1, description: 'corpus: only the first N documents' },
  ...EMBEDDING_MODEL_FLAGS,
  ...TRAINING_OPTION_FLAGS,
} as const;

export const TRAIN_USAGE = `usage: cli train --workspace DIR | --corpus NAME|PATH [options]

Trains the learned strategy (a boundary classifier with a segment-length prior) and writes it as JSON;
use it with: cli segment FILE --strategy learned --model-file FILE
A workspace without --embedding-model is embedded, as Train from corrections does, with the host's
embedding model (WORKBENCH_EMBEDDING_MODEL) or the first installed model that declares a pooling type.

${describeFlags(SPEC)}
`;

function format(report: Omit<LearnedTrainingReport, 'modelFile'>, modelFile: string): string {
  const cv = report.crossValidation;
  return [
    `trained on ${report.documents.length} document${report.documents.length === 1 ? '' : 's'}; typical segment ${report.typicalSegmentChars} chars; ${report.embeddingModel ? `embeddings of ${report.embeddingModel}` : 'no embeddings'}`,
    `training options: ${TRAINING_OPTION_KEYS.map((key) => `--${trainingOptionFlag(key)} ${report.options[key] ? 'yes' : 'no'}`).join(' ')}`,
    cv
      ? `held-out (${cv.folds}-fold, ${cv.documents} documents): Pk ${cv.pk.toFixed(3)}  WindowDiff ${cv.windowDiff.toFixed(3)}  P ${cv.precision.toFixed(3)}  R ${cv.recall.toFixed(3)}  F1 ${cv.f1.toFixed(3)}`
      : 'held-out: needs at least 2 documents',
    'strongest features (weight per standard deviation; positive = more likely a boundary):',
    ...report.topFeatures.map((f) => `  ${f.weight >= 0 ? '+' : ''}${f.weight.toFixed(2)}  ${f.name}`),
    ...(report.mostlyFrom
      ? [`note: ${report.mostlyFrom.documents} of ${report.mostlyFrom.of} corrections started from ${report.mostlyFrom.strategy}: boundaries left where it put them teach the model to copy it`]
      : []),
    ...report.skipped.map((s) => `skipped ${s.name}: ${s.reason}`),
    `wrote ${modelFile}`,
  ].join('\n') + '\n';
}

async function trainOnCorpus(
  value: string,
  limit: number | undefined,
  embeddingModel: string | undefined,
  threads: number | string | undefined,
  training: Partial<TrainingOptions>,
): Promise<{ model: LearnedModel; report: Omit<LearnedTrainingReport, 'modelFile'> }> {
  const corpus = resolveCorpus(value, limit);
  if (corpus.documents.length === 0) throw new UserInputError(`corpus ${corpus.dir} has no documents`);
  const prepared = await prepareDocuments(corpus.documents.map((d) => ({ name: `${d.id}.txt`, text: d.text, boundaries: d.boundaries })), embeddingModel, { threads });
  const { model, summary } = trainWithSummary(prepared, training);
  return { model, report: { ...summary, reviewedSegments: 0, skipped: [], mostlyFrom: null } };
}

export default async function train(argv: string[]): Promise<number> {
  const { flags, help } = parseArgs(argv, SPEC);
  if (help) {
    process.stdout.write(TRAIN_USAGE);
    return 0;
  }
  if ((flags.workspace === undefined) === (flags.corpus === undefined)) throw new UserInputError('train needs exactly one of --workspace DIR and --corpus NAME|PATH');
  if (flags.limit !== undefined && flags.corpus === undefined) throw new UserInputError('--limit applies only to --corpus');
  if (flags['allow-dir'] !== undefined && flags.workspace === undefined) throw new UserInputError('--allow-dir applies only to --workspace');
  // The embedding model runs on the host's CPU threads (WORKBENCH_THREADS), as the strategies do.
  const host = hostSettingsFromEnvironment();
  const training = trainingOptionsFromFlags(flags);
  if (flags.corpus !== undefined) {
    const { model, report } = await trainOnCorpus(flags.corpus, flags.limit, flags['embedding-model'], host.threads, training);
    const out = path.resolve(flags.out ?? WORKSPACE_MODEL_FILE);
    await writeLearnedModel(out, model);
    process.stdout.write(format(report, out));
    return 0;
  }
  const { WorkspaceService } = await import('../../services/workspace/workspace-service');
  const { readDocument } = await import('../../readers');
  const dir = path.resolve(flags.workspace as string);
  // Opening a folder as a workspace would create one; training needs one that exists.
  if (!existsSync(path.join(dir, 'workspace.json'))) throw new UserInputError(`no workspace at ${dir} (no workspace.json)`);
  const referenceRoots = flags['allow-dir'] ?? [];
  const ws = await WorkspaceService.open(dir, { referenceRoots, readSource: async (file) => { const r = await readDocument(file); return { text: r.text, sourceFormat: r.sourceFormat }; } }).catch((err: unknown) => {
    throw new UserInputError(`cannot open the workspace ${dir}: ${firstLine(err)}`);
  });
  try {
    // As Train from corrections does: the flag, else the host's embedding model, else the first installed one.
    const embeddingModelFile = await embeddingModelSource(flags['embedding-model'] ?? host.embeddingModel ?? null, modelsDir({ modelsDir: host.modelsDir }))();
    const report = await trainFromWorkspace(ws, { modelFile: flags.out === undefined ? undefined : path.resolve(flags.out), embeddingModelFile, threads: host.threads, training });
    process.stdout.write(format(report, report.modelFile));
    return 0;
  } finally {
    await ws.close();
  }
}
