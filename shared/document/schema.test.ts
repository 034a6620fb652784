import { describe, expect, it } from 'vitest';
import { paramSchemas } from '../ipc/contract';
import { correctedFileSchema, runFileSchema } from '../workspace/schema';
import { segmentationResultSchema, segmentationSchema } from './schema';

describe('the one segmentation schema', () => {
  it('is the one the contract and the workspace files use', () => {
    expect(paramSchemas.exportResult.shape.result).toBe(segmentationResultSchema);
    expect(paramSchemas.workspaceSaveCorrection.options[0].shape.segmentation).toBe(segmentationSchema);
    expect(runFileSchema.shape.result).toBe(segmentationResultSchema);
    expect(correctedFileSchema.shape.segmentation).toBe(segmentationSchema);
  });

  it('takes interior boundaries, which are positive: a cut at 0 would make an empty first segment', () => {
    expect(segmentationSchema.safeParse({ boundaries: [3, 9], notes: [{}, {}, {}] }).success).toBe(true);
    expect(segmentationSchema.safeParse({ boundaries: [0, 9], notes: [{}, {}, {}] }).success).toBe(false);
    expect(segmentationSchema.safeParse({ boundaries: [-1], notes: [{}, {}] }).success).toBe(false);
    expect(segmentationSchema.safeParse({ boundaries: [1.5], notes: [{}, {}] }).success).toBe(false);
  });

  it('refuses unknown keys in a note instead of dropping them silently', () => {
    expect(segmentationSchema.safeParse({ boundaries: [], notes: [{ topic: 'a', colour: 'red' }] }).success).toBe(false);
  });
});
