/**
 * The docs tables of the strategies and their options, from the declarations: each strategy's own
 * options (catalog.ts) and the numeric ones they share (shared-options.ts). docs/strategy-options.md
 * is this, written by `npm run docs:options`.
 */
import { STRATEGY_DECLARATIONS } from './catalog';
import { numberRule, optionFlag, optionRule, type StrategyDeclaration } from './declaration';
import { sharedRunOptionsSchema } from './run-options';
import { SCOPE_WORDS, SHARED_OPTION_DECLARATIONS, type SharedOptionDeclaration } from './shared-options';
import { TRAINING_OPTION_DECLARATIONS, TRAINING_OPTION_KEYS, trainingOptionFlag } from '../learn/training-options';

const cell = (text: string) => text.replaceAll('|', '\\|');

function sharedOptionRow(option: SharedOptionDeclaration): string {
  const key = option.runOption === false ? `\`${option.key}\` (command line only; the app takes its host's setting)` : `\`${option.key}\``;
  const field = option.field ? `${option.field.label} (empty: ${option.field.placeholder})` : '—';
  return `| ${key} | \`--${option.flag}\` | ${field} | ${SCOPE_WORDS[option.appliesTo]} | ${numberRule({ type: 'int', ...option.limits })} | ${cell(option.help)} |`;
}

export function strategyOptionsMarkdown(
  declarations: readonly StrategyDeclaration[] = STRATEGY_DECLARATIONS,
  sharedOptions: readonly SharedOptionDeclaration[] = SHARED_OPTION_DECLARATIONS,
): string {
  const rows = declarations.flatMap((d) =>
    Object.entries(d.options).map(
      ([key, option]) => `| \`${d.name}\` | \`${d.name}.${key}\` | \`--${optionFlag(d.name, key)}\` | ${option.label} | ${optionRule(option)} | ${String(option.default)} | ${option.help} |`,
    ),
  );
  const strategies = declarations.map((d) => `| \`${d.name}\` | ${d.kind} | ${cell(d.description)} |`);
  const numeric = new Set(sharedOptions.map((o) => o.key));
  const others = Object.keys(sharedRunOptionsSchema.shape).filter((key) => !numeric.has(key));
  return `# Strategies and their options

Generated from the declarations in \`shared/strategies/\` by \`npm run docs:options\`; a test fails
when this page is older than them. A strategy's own option is \`options.<strategy>.<key>\` in the
contract's \`RunOptions\`, \`--<strategy>-<key>\` on the command line and a field of the Run panel
shown when the strategy is chosen. The numeric options the strategies share are in the last table
(\`shared/strategies/shared-options.ts\`); the others (${others.map((key) => `\`${key}\``).join(', ')})
are in \`shared/strategies/run-options.ts\` and [cli.md](cli.md).

| strategy | kind | what it does |
|---|---|---|
${strategies.join('\n')}

| strategy | run option | flag | Run panel | value | default | meaning |
|---|---|---|---|---|---|---|
${rows.join('\n')}

## Options the strategies share

A shared option is \`<key>\` in the contract's \`RunOptions\`, its flag on \`segment\` (some on
\`bench quality\` too) and, where it has one, a field of the Run panel shown for the strategies it
applies to.

| run option | flag | Run panel | applies to | value | meaning |
|---|---|---|---|---|---|
${sharedOptions.map(sharedOptionRow).join('\n')}

## Training options of \`learned\`

Declared in \`shared/learn/training-options.ts\`: each is a field of the model file's \`training\`,
a flag of \`cli train\` and \`bench learn\`, a field of the contract's \`workspaceTrainLearned.training\`
and a checkbox of the Learn panel.

| training option | flag | Learn panel | default | meaning |
|---|---|---|---|---|
${TRAINING_OPTION_KEYS.map((key) => {
  const option = TRAINING_OPTION_DECLARATIONS[key];
  return `| \`${key}\` | \`--${trainingOptionFlag(key)} yes\\|no\` | ${option.label} | ${option.default ? 'yes' : 'no'} | ${cell(option.help)} |`;
}).join('\n')}
`;
}
