/**
 * `models selftest`: which prompt layout suits a profile's model. The seed does not publish how
 * its models were prompted, so every layout variant (PROFILE@raw, @chatml, @chatml-instruction,
 * @alpaca) runs in free mode on probe documents made of real texts joined at known points, and is
 * scored (shared/selftest/score.ts). `apply` writes the best variant as the user's copy of the
 * profile (in the user profiles folder, never over the built-in file).
 */
import type { GpuChoice } from '../../../shared/strategies/run-options';
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describeDocument } from '../../../shared/document/document-info';
import { parseModelOutput } from '../../../shared/profiles/parse-output';
import { ADAPTER_TEMPLATE_FORMAT, PROMPT_FORMATS, type ModelStrategy, type PromptFormat } from '../../../shared/profiles/schema';
import { adapterChatTemplate } from '../inference/adapter-chat-template';
import { buildProbeDocuments, type ProbeDocument } from '../../../shared/selftest/probe';
import { bestVariant, variantFigures, type VariantFigures, type VariantRun } from '../../../shared/selftest/score';
import type { InferenceEngine } from '../native/engine';
import { selftestTextsDir, type LocationOptions } from '../platform/app-paths';
import { listProfiles, loadProfile, writeUserProfile } from '../inference/profiles';
import { runModelStrategy } from '../strategies/run-model-strategy';

export interface SelftestRow {
  profile: string;
  variant: string;
  layout: PromptFormat;
  figures: VariantFigures;
}

export interface SelftestReport {
  rows: SelftestRow[];
  /** The best variant per profile. */
  best: { profile: string; variant: string; score: number }[];
  /** User profile files written by `apply`. */
  applied: string[];
  probes: { name: string; chars: number; joins: number }[];
}

export interface SelftestOptions extends LocationOptions {
  profiles?: string[];
  apply?: boolean;
  engine?: InferenceEngine;
  gpu?: GpuChoice;
  threads?: number;
  /** Probe documents: how many, passages each, characters per passage. */
  probes?: { count: number; parts: number; passageChars: number };
  signal?: AbortSignal;
  onRow?: (row: SelftestRow) => void;
}

export async function probeDocuments(options: { count: number; parts: number; passageChars: number }): Promise<ProbeDocument[]> {
  const dir = selftestTextsDir();
  const files = (await readdir(dir)).filter((f) => f.endsWith('.txt')).sort();
  const sources = await Promise.all(files.map(async (f) => ({ name: f.replace(/\.txt$/, ''), text: await readFile(join(dir, f), 'utf-8') })));
  return buildProbeDocuments(sources, options);
}

async function runVariant(name: string, strategy: ModelStrategy, doc: ProbeDocument, options: SelftestOptions): Promise<VariantRun> {
  const { profile } = await loadProfile(name, options);
  const result = await runModelStrategy(
    { text: doc.text, info: describeDocument(`${doc.name}.txt`, doc.text), strategy, options: { profile: name, mode: 'free', gpu: options.gpu, threads: options.threads } },
    { signal: options.signal },
    { engine: options.engine, profilesDir: options.profilesDir, modelsDir: options.modelsDir },
  );
  const { windows } = result.meta;
  const outputs = windows.map((w) => w.output ?? '');
  const parsedLines = outputs.reduce((n, o) => {
    const heads = parseModelOutput(profile.prompt.answerPrefix + o, profile.output).heads;
    return n + heads.length + heads.filter((h) => h.topic || h.summary).length;
  }, 0);
  return {
    outputs,
    parsedLines,
    heads: windows.reduce((n, w) => n + w.heads, 0),
    placed: windows.reduce((n, w) => n + w.placed, 0),
    boundaries: result.segmentation.boundaries,
    tokensPerSecond: result.meta.tokensPerSecond,
  };
}

/** Writes the profile's JSON with the variant's prompt layout into the user profiles folder. */
async function applyVariant(profileName: string, layout: PromptFormat, options: SelftestOptions): Promise<string> {
  const { prompt } = (await loadProfile(`${profileName}@${layout}`, options)).profile;
  // The template layout's chat template is not copied: it is read from the adapter's folder at load.
  return writeUserProfile(profileName, (json) => {
    json.prompt = { ...(json.prompt as Record<string, unknown>), format: prompt.format, template: prompt.template };
  }, options);
}

export async function runSelftest(options: SelftestOptions = {}): Promise<SelftestReport> {
  const names = options.profiles?.length ? options.profiles : (await listProfiles(options)).filter((p) => p.ready).map((p) => p.name);
  const docs = await probeDocuments(options.probes ?? { count: 2, parts: 4, passageChars: 700 });
  const rows: SelftestRow[] = [];
  const best: SelftestReport['best'] = [];
  const applied: string[] = [];
  for (const name of names) {
    const { profile } = await loadProfile(name, options);
    const profileRows: SelftestRow[] = [];
    // The adapter's own chat template is one more layout, where its tokenizer_config.json has one.
    const layouts: PromptFormat[] = [...PROMPT_FORMATS, ...((await adapterChatTemplate(profile, options)) ? [ADAPTER_TEMPLATE_FORMAT] : [])];
    for (const layout of layouts) {
      const variant = `${profile.name}@${layout}`;
      const runs: { doc: ProbeDocument; run: VariantRun }[] = [];
      for (const doc of docs) runs.push({ doc, run: await runVariant(variant, profile.strategy, doc, options) });
      const row = { profile: name, variant, layout, figures: variantFigures(runs) };
      profileRows.push(row);
      options.onRow?.(row);
    }
    rows.push(...profileRows);
    const top = bestVariant(profileRows);
    if (!top) continue;
    best.push({ profile: name, variant: top.variant, score: top.figures.score });
    if (options.apply) applied.push(await applyVariant(name, top.layout, options));
  }
  return { rows, best, applied, probes: docs.map((d) => ({ name: d.name, chars: d.text.length, joins: d.joins.length })) };
}
