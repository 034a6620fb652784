/**
 * The learning curve of the `learned` strategy on a corpus: for k = 1, 2, 5, 10, 20 training
 * documents (those below the corpus size), train on k documents of a seeded shuffle and test on
 * all the others (never seen in training); mean over 3 seeds. The model-free strategies are
 * scored on exactly the same test documents, so each row compares like with like.
 */
import { predictPrepared, trainPrepared, type PreparedDocument } from '../../shared/learn/model';
import { scorePredictions, type HeldOutScores } from '../../shared/learn/scores';
import { seededRandom } from '../../shared/util/seeded-random';
import type { TrainingOptions } from '../../shared/learn/training-options';

export const TRAINING_SIZES = [1, 2, 5, 10, 20] as const;
export const SPLIT_SEEDS = [1, 2, 3] as const;

export type Scores = Omit<HeldOutScores, 'documents'>;

export interface CurvePoint {
  /** Training documents. */
  k: number;
  /** Test documents per split (the rest of the corpus). */
  testDocuments: number;
  learned: Scores;
  /** The model-free strategies on the same test documents. */
  baselines: Record<string, Scores>;
  /** Mean wall time of one training (features excluded: they are computed once per document). */
  trainSeconds: number;
}

export interface CurveInput {
  documents: readonly PreparedDocument[];
  /** Each model-free strategy's boundaries, per document (same order as documents). */
  baselines: Record<string, ReadonlyArray<readonly number[]>>;
  /** The training options (those left out at their defaults). */
  training?: Partial<TrainingOptions>;
}

function shuffled(n: number, seed: number): number[] {
  const random = seededRandom(seed);
  const order = Array.from({ length: n }, (_, i) => i);
  for (let i = n - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [order[i], order[j]] = [order[j] as number, order[i] as number];
  }
  return order;
}

function meanScores(list: readonly Scores[]): Scores {
  const mean = (key: keyof Scores) => list.reduce((s, x) => s + x[key], 0) / list.length;
  return { pk: mean('pk'), windowDiff: mean('windowDiff'), precision: mean('precision'), recall: mean('recall'), f1: mean('f1') };
}

function withoutCount({ documents: _, ...scores }: HeldOutScores): Scores {
  return scores;
}

export function learningCurve(input: CurveInput, onProgress: (k: number, seed: number) => void = () => {}): CurvePoint[] {
  const n = input.documents.length;
  const points: CurvePoint[] = [];
  for (const k of TRAINING_SIZES.filter((size) => size < n)) {
    const learned: Scores[] = [];
    const baselines: Record<string, Scores[]> = Object.fromEntries(Object.keys(input.baselines).map((name) => [name, []]));
    let seconds = 0;
    for (const seed of SPLIT_SEEDS) {
      onProgress(k, seed);
      const order = shuffled(n, seed);
      const train = order.slice(0, k).map((i) => input.documents[i] as PreparedDocument);
      const test = order.slice(k);
      const started = performance.now();
      const model = trainPrepared(train, undefined, true, undefined, input.training);
      seconds += (performance.now() - started) / 1000;
      learned.push(
        withoutCount(
          scorePredictions(
            test.map((i) => {
              const doc = input.documents[i] as PreparedDocument;
              return { length: doc.length, gold: doc.gold, predicted: predictPrepared(model, doc) };
            }),
          ),
        ),
      );
      for (const [name, predictions] of Object.entries(input.baselines)) {
        const doc = (i: number) => input.documents[i] as PreparedDocument;
        (baselines[name] as Scores[]).push(withoutCount(scorePredictions(test.map((i) => ({ length: doc(i).length, gold: doc(i).gold, predicted: predictions[i] as number[] })))));
      }
    }
    points.push({
      k,
      testDocuments: n - k,
      learned: meanScores(learned),
      baselines: Object.fromEntries(Object.entries(baselines).map(([name, list]) => [name, meanScores(list)])),
      trainSeconds: seconds / SPLIT_SEEDS.length,
    });
  }
  return points;
}
