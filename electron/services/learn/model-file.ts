/** The learned model on disk: readable JSON, read with one-line errors, written atomically. */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { LearnedModelError, parseLearnedModel, type LearnedModel } from '../../../shared/learn/model';
import { writeFileAtomic } from '../platform/atomic-write';
import { firstLine } from '../../../shared/text/first-line';

/** Where "Train from corrections" saves the workspace's model, and where the workbench looks for it. */
export const WORKSPACE_MODEL_FILE = 'learned-model.json';

export function workspaceModelPath(workspaceDir: string): string {
  return path.join(workspaceDir, WORKSPACE_MODEL_FILE);
}

export async function readLearnedModel(file: string): Promise<LearnedModel> {
  let json: string;
  try {
    json = await readFile(file, 'utf8');
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    throw new LearnedModelError(code === 'ENOENT' ? `no model file at ${file}: train one first (cli train, or Train from corrections)` : `cannot read the model ${file}: ${firstLine(err)}`);
  }
  return parseLearnedModel(json, file);
}

export async function writeLearnedModel(file: string, model: LearnedModel): Promise<void> {
  await writeFileAtomic(file, JSON.stringify(model, null, 2) + '\n');
}
