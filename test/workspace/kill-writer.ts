/**
 * The child process of the kill test: writes corrections through the workspace service as fast as
 * a busy editor would, and appends each one to a side log only after its save promise resolved.
 * It never exits by itself; the test kills it with SIGKILL.
 *
 * argv: WORKSPACE_DIR DOCUMENT_ID SIDE_LOG DELAY_MS MAX_WAIT_MS
 */
import { appendFileSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';
import { setTopic, splitAt } from '../../shared/edit/operations';
import { segmentIndexAt } from '../../shared/document/segmentation';
import { describeDocument } from '../../shared/document/document-info';
import type { Segmentation } from '../../shared/document/types';
import { WorkspaceService } from '../../electron/services/workspace/workspace-service';
import { correctionTopic, lineStartOffsets } from './kill-fixture';

async function main(): Promise<void> {
  const [dir, id, sideLog, delayMs, maxWaitMs] = process.argv.slice(2);
  if (!dir || !id || !sideLog) throw new Error('usage: kill-writer DIR ID SIDE_LOG DELAY_MS MAX_WAIT_MS');
  const service = await WorkspaceService.open(dir, {
    readSource: async () => {
      throw new Error('the kill test copies its sources');
    },
    autosave: { delayMs: Number(delayMs), maxWaitMs: Number(maxWaitMs) },
  });
  const state = await service.loadDocument(id);
  const text = state.text;
  const starts = lineStartOffsets(text);
  let seg: Segmentation = state.corrected?.segmentation ?? { boundaries: [], notes: [{}] };
  // Each earlier correction added one boundary, so the next one is number boundaries + 1.
  let k = seg.boundaries.length + 1;
  // Corrections are debounced and may lag an acknowledged run (by up to maxWait's worth of edits):
  // a run numbered below the saved one is not written again, as that would be this writer's own
  // overwrite, which the harness would count as a lost run.
  const savedRunK = Number(state.runs.find((r) => r.result.strategy === 'structural')?.result.meta.k ?? 0);
  process.stdout.write('ready\n');
  for (;;) {
    const offset = starts[k];
    if (offset === undefined) break;
    seg = splitAt(text, seg, offset);
    seg = setTopic(text, seg, segmentIndexAt(seg, offset), correctionTopic(k));
    const acknowledged = k;
    void service.saveCorrection(id, seg, null).then(() => appendFileSync(sideLog, `correction ${acknowledged}\n`));
    // Now and then a run file and a new document too, so that every kind of file is being written.
    if (k % 25 === 0 && k > savedRunK) {
      const result = { document: describeDocument(state.summary.name, text), strategy: 'structural', segmentation: seg, warnings: [], meta: { k } };
      void service.saveRun(id, result).then(() => appendFileSync(sideLog, `run ${acknowledged}\n`));
    }
    if (k % 40 === 0) {
      void service
        .addDocument({ name: `extra ${k}.txt`, text: `Extra document ${k}.\n`, sourceFormat: 'txt' })
        .then((summary) => appendFileSync(sideLog, `document ${summary.id}\n`));
    }
    k++;
    await sleep(k % 3);
  }
  process.stdout.write('done\n');
  await new Promise(() => undefined);
}

main().catch((err: unknown) => {
  process.stderr.write(`kill-writer: ${err instanceof Error ? err.stack : String(err)}\n`);
  process.exit(1);
});
