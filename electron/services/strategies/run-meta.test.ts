/**
 * Typed meta, read leniently (shared/document/run-meta.ts): what the rule runner writes reads back
 * as a rule run's meta through JSON, as the files and the wire carry it; an older file's meta
 * (a version-1 run saved with `{}`) and a model run's shape of another build read as unknown (null),
 * never as a typed meta they are not.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { describeDocument } from '../../../shared/document/document-info';
import { learnedRunMetaOf, modelRunMetaOf, ruleRunMetaOf } from '../../../shared/document/run-meta';
import { segmentationResultSchema } from '../../../shared/document/schema';
import { runRuleStrategy } from './rule-runner';

const TEXT = '# Title\n\nFirst paragraph, about one thing. It goes on.\n\nSecond paragraph, about another. It ends here.\n';

describe('run meta: typed where it is made, read leniently where it comes back', () => {
  it("a rule run's meta is typed as it is made and reads back as one from its JSON", async () => {
    const result = await runRuleStrategy({ text: TEXT, info: describeDocument('a.md', TEXT), strategy: 'structural', options: { maxChars: 80 } }, {});
    // Typed: no cast to read what the run was asked for.
    expect(result.meta.options.maxChars).toBe(80);
    const readBack = segmentationResultSchema.parse(JSON.parse(JSON.stringify(result)));
    expect(ruleRunMetaOf(readBack)).toEqual({ kind: 'rules', options: { maxChars: 80 } });
    expect(modelRunMetaOf(readBack)).toBeNull();
    expect(learnedRunMetaOf(readBack)).toBeNull();
  });

  it("an older file's meta is nobody's: the version-1 run's `{}`, a model meta without windows", () => {
    const file = path.resolve('test/fixtures/workspace-v1/documents/three-parts-txt-e9b2e9a9/runs/structural.json');
    const { result } = JSON.parse(readFileSync(file, 'utf8')) as { result: unknown };
    const old = segmentationResultSchema.parse(result);
    expect(old.meta).toEqual({});
    expect([ruleRunMetaOf(old), modelRunMetaOf(old), learnedRunMetaOf(old)]).toEqual([null, null, null]);
    const otherBuild = { ...old, meta: { kind: 'model', backend: 'cpu', tokensPerSecond: 3 } };
    expect(modelRunMetaOf(otherBuild)).toBeNull();
  });

  it("a learned run's meta is told from a rule run's by its model", () => {
    const meta = { kind: 'rules', model: '/ws/learned-model.json', trainedOn: 2, trainedAt: '2026-01-01T00:00:00.000Z', options: { maxChars: 900 } };
    expect(learnedRunMetaOf({ meta })).toEqual(meta);
    expect(ruleRunMetaOf({ meta })).toBeNull();
  });
});
