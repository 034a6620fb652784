/**
 * How long listing a workspace takes (`workspaceListDocuments`' scan: every document's files read
 * and checked, issue 23 item 5), as a measurement, not a test: `npm run bench:workspace-list`
 * builds a workspace of N copied documents, each with a correction and a run, then lists it three
 * times with one service (the first listing reads and hashes every copied text; later ones read a
 * text again only when its file changed). Prints each time and the machine's load average.
 *
 *   npm run bench:workspace-list               # 2000 documents
 *   npm run bench:workspace-list -- --documents 5000
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from '../electron/cli/args';
import { WorkspaceService } from '../electron/services/workspace/workspace-service';
import { describeDocument } from '../shared/document/document-info';
import { segmentationFromCuts } from '../shared/document/segmentation';
import { describeMachine, machineInfo } from './machine';

const spec = { documents: { type: 'int', min: 1, max: 1_000_000, description: 'how many documents (default 2000)' } } as const;
const { flags } = parseArgs(process.argv.slice(2), spec);
const count = flags.documents ?? 2000;
const root = mkdtempSync(path.join(os.tmpdir(), 'bench-workspace-list-'));
const dir = path.join(root, 'ws');
const readSource = async () => ({ text: '', sourceFormat: 'txt' });
const paragraph = 'A sentence about the harbour and its boats. Another one about the tide.\n\n';

async function main(): Promise<void> {
  const setup = await WorkspaceService.open(dir, { readSource });
  for (let i = 0; i < count; i++) {
    const text = `Document ${i}.\n\n${paragraph.repeat(40)}`;
    const { id } = await setup.addDocument({ name: `doc ${i}.txt`, text, sourceFormat: 'txt' });
    const segmentation = segmentationFromCuts(text, [text.indexOf('A sentence'), text.lastIndexOf('A sentence')]);
    await setup.saveCorrectionNow(id, segmentation, null);
    await setup.saveRun(id, { document: describeDocument(`doc ${i}.txt`, text), strategy: 'structural', segmentation, warnings: [], meta: {} });
  }
  await setup.close();
  const ws = await WorkspaceService.open(dir, { readSource });
  try {
    for (let round = 1; round <= 3; round++) {
      const started = performance.now();
      const { documents, damaged } = await ws.scanDocuments();
      console.log(`listing ${round}: ${documents.length} documents (${damaged.length} damaged) in ${(performance.now() - started).toFixed(0)} ms`);
    }
  } finally {
    await ws.close();
  }
  console.log(`${describeMachine(machineInfo())}; load average ${os.loadavg().map((l) => l.toFixed(1)).join(' ')}`);
}

main()
  .finally(() => rmSync(root, { recursive: true, force: true }))
  .catch((err: unknown) => {
    console.error(err);
    process.exit(1);
  });
