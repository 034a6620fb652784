/** The docs table of the strategies' own options, from their declarations (docs/strategy-options.md is this, written by `npm run docs:options`). */
import { STRATEGY_DECLARATIONS } from './catalog';
import { optionFlag, optionRule, type StrategyDeclaration } from './declaration';

export function strategyOptionsMarkdown(declarations: readonly StrategyDeclaration[] = STRATEGY_DECLARATIONS): string {
  const rows = declarations.flatMap((d) =>
    Object.entries(d.options).map(
      ([key, option]) => `| \`${d.name}\` | \`${d.name}.${key}\` | \`--${optionFlag(d.name, key)}\` | ${option.label} | ${optionRule(option)} | ${String(option.default)} | ${option.help} |`,
    ),
  );
  const strategies = declarations.map((d) => `| \`${d.name}\` | ${d.kind} | ${d.description.replaceAll('|', '\\|')} |`);
  return `# Strategies and their own options

Generated from the declarations in \`shared/strategies/\` by \`npm run docs:options\`; a test fails
when this page is older than them. A strategy's own option is \`options.<strategy>.<key>\` in the
contract's \`RunOptions\`, \`--<strategy>-<key>\` on the command line and a field of the Run panel
shown when the strategy is chosen. The options every strategy of a kind shares (\`maxChars\`,
\`maxTokens\`, \`windowTokens\`, \`overlapTokens\`, \`mode\`, \`decoder\`, \`profile\`, \`backend\`)
are in \`shared/strategies/run-options.ts\` and [cli.md](cli.md).

| strategy | kind | what it does |
|---|---|---|
${strategies.join('\n')}

| strategy | run option | flag | Run panel | value | default | meaning |
|---|---|---|---|---|---|---|
${rows.join('\n')}
`;
}
