/**
 * `bench speed`: in one run, the head locator on 1 MB with 1,000 heads, every model-free
 * strategy in MB/s, the model pipeline against raw node-llama-cpp on the Qwen2-0.5B-shaped twin,
 * and the UI's open-and-paint time. Sections that cannot run here say why on one line.
 */
import { describeFlags, parseArgs } from '../../electron/cli/args';
import { UserInputError } from '../../electron/cli/errors';
import { describeMachine, machineInfo } from '../machine';
import { measureRuleStrategies, ruleSpeedTable, MARKDOWN_CHARS, PROSE_CHARS } from './rules-section';
import { locatorSection } from './locator-section';
import { modelSection } from './model-section';
import { uiSection } from './ui-section';
import { measurePeers, peersTable } from './peers-section';
import type { SpeedSection } from './section';
import { firstLine } from '../../shared/text/first-line';

const SECTIONS = ['locator', 'rules', 'peers', 'model', 'ui'] as const;
type SectionName = (typeof SECTIONS)[number];

const SPEC = {
  only: { type: 'string', valueName: 'A,B', description: `comma-separated sections to run (${SECTIONS.join(', ')}; default all)` },
  'model-tokens': { type: 'int', min: 100, max: 32_000, description: 'tokens of text for the model pipeline figure (default 2000)' },
  threads: { type: 'int', min: 1, max: 256, description: "llama.cpp threads for the model figure (default llama.cpp's; 1 on a busy machine)" },
  'ui-runs': { type: 'int', min: 1, max: 20, description: 'page loads for the UI figure, median reported (default 3)' },
  processes: { type: 'int', min: 1, max: 20, description: 'peers: fresh processes per splitter and text, median reported (default 3)' },
  json: { type: 'boolean', description: 'print the figures as JSON' },
} as const;

export const SPEED_USAGE = `usage: npm run --silent bench -- speed [options]\n\n${describeFlags(SPEC)}\n`;

async function rulesSection(): Promise<SpeedSection> {
  const rows = await measureRuleStrategies();
  return {
    title: `Model-free strategies (${PROSE_CHARS / 1e6} M chars of Moby-Dick; ${MARKDOWN_CHARS / 1e6} M chars of npm Markdown; median of 3 runs)`,
    lines: ruleSpeedTable(rows).split('\n'),
    figures: rows,
  };
}

async function peersSection(processes: number): Promise<SpeedSection> {
  const figures = await measurePeers(processes);
  return {
    title:
      `Peers, same texts (${PROSE_CHARS / 1e6} M chars of prose; ${MARKDOWN_CHARS / 1e6} M chars of Markdown), MB/s by wall clock, each splitter in fresh processes: ` +
      `cold = first call, warm = later calls; median of ${processes} processes; (Nx) = against the fastest peer in that column; ` +
      `load ${figures.load[0].toFixed(2)} before, ${figures.load[1].toFixed(2)} after`,
    lines: [...peersTable(figures.wall).split('\n'), '', 'The same runs in CPU time of the process (all its threads), MB/s:', ...peersTable(figures.cpu).split('\n')],
    figures,
  };
}

export async function speedCommand(argv: string[]): Promise<number> {
  const { flags, help } = parseArgs(argv, SPEC);
  if (help) {
    process.stdout.write(SPEED_USAGE);
    return 0;
  }
  const wanted = new Set<SectionName>(flags.only ? (flags.only.split(',').map((s) => s.trim()) as SectionName[]) : SECTIONS);
  for (const name of wanted) {
    if (!SECTIONS.includes(name)) throw new UserInputError(`unknown section '${name}' (valid: ${SECTIONS.join(', ')})`);
  }
  const runners: Record<SectionName, () => Promise<SpeedSection>> = {
    locator: locatorSection,
    rules: rulesSection,
    peers: () => peersSection(flags.processes ?? 3),
    model: () => modelSection(flags['model-tokens'] ?? 2000, flags.threads),
    ui: () => uiSection(flags['ui-runs'] ?? 3),
  };
  const machine = machineInfo();
  const date = new Date().toISOString();
  if (!flags.json) process.stdout.write(`bench speed: ${describeMachine(machine)}; ${date}\n`);
  const results: Record<string, SpeedSection> = {};
  let failed = false;
  for (const name of SECTIONS) {
    if (!wanted.has(name)) continue;
    let section: SpeedSection;
    try {
      section = await runners[name]();
    } catch (err) {
      failed = true;
      section = { title: name, skipped: `failed: ${firstLine(err)}` };
    }
    results[name] = section;
    if (!flags.json) {
      process.stdout.write(`\n${section.title}\n`);
      for (const line of section.skipped ? [`skipped: ${section.skipped}`] : (section.lines ?? [])) process.stdout.write(`  ${line}\n`);
    }
  }
  if (flags.json) process.stdout.write(JSON.stringify({ machine, date, sections: results }, null, 2) + '\n');
  return failed ? 1 : 0;
}
