/**
 * Reading back what the workbench wrote, with node-llama-cpp's GGUF parser (an independent reader
 * of the writer's files) through the same summary the product uses.
 */
import { readGgufFileInfo } from 'node-llama-cpp';
import { readGgufSummary } from '../../electron/model-files/file-info';

export { readGgufSummary };

/** A metadata value by its dotted GGUF key (node-llama-cpp nests keys at their dots). */
export function metadataAt(metadata: unknown, key: string): unknown {
  return key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], metadata);
}

/** Every metadata entry, vocabulary included, as plain values. */
export async function fullMetadata(path: string): Promise<unknown> {
  return (await readGgufFileInfo(path, { sourceType: 'filesystem', logWarnings: false })).metadata;
}
