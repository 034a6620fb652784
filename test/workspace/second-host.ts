/**
 * Another host on the same workspace, in a process of its own, for the two-hosts test.
 *
 * argv: WORKSPACE_DIR hold           opens the workspace, prints `ready`, and keeps it open until
 *                                     SIGTERM (then closes it and exits 0) or SIGKILL
 *       WORKSPACE_DIR save DOCUMENT  opens it, loads the document, saves a correction splitting it
 *                                     at its first blank line, prints `saved REVISION`, closes it
 * A refusal prints `refused CODE MESSAGE` and exits 2.
 */
import { segmentationFromCuts } from '../../shared/document/segmentation';
import { UserError } from '../../shared/errors';
import { WorkspaceService } from '../../electron/services/workspace/workspace-service';

async function main(): Promise<void> {
  const [dir, mode, id] = process.argv.slice(2);
  if (!dir || (mode !== 'hold' && mode !== 'save') || (mode === 'save' && !id)) throw new Error('usage: second-host DIR hold | DIR save ID');
  const service = await WorkspaceService.open(dir, {
    readSource: async () => {
      throw new Error('the two-hosts test copies its sources');
    },
  });
  if (mode === 'hold') {
    process.once('SIGTERM', () => void service.close().then(() => process.exit(0)));
    process.stdout.write('ready\n');
    setInterval(() => undefined, 60_000);
    return;
  }
  const state = await service.loadDocument(id!);
  const cut = state.text.indexOf('\n\n') + 2;
  const written = await service.saveCorrectionNow(id!, segmentationFromCuts(state.text, [cut]), null);
  await service.close();
  process.stdout.write(`saved ${written.revision}\n`);
}

main().catch((err: unknown) => {
  if (err instanceof UserError) {
    process.stdout.write(`refused ${err.code} ${err.message}\n`);
    process.exit(2);
  }
  process.stderr.write(`${(err as Error).stack ?? String(err)}\n`);
  process.exit(1);
});
