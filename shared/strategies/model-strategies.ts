/** The strategies that need a language model, named after the seed's three models: their declarations. */
import type { NoOptions, StrategyDeclaration } from './declaration';

export const MODEL_STRATEGY_NAMES = ['simple', 'topic', 'summary'] as const;
export type ModelStrategyName = (typeof MODEL_STRATEGY_NAMES)[number];

/** Whether `name` is a strategy that needs a language model: the one way to ask it. */
export function isModelStrategy(name: string): name is ModelStrategyName {
  return (MODEL_STRATEGY_NAMES as readonly string[]).includes(name);
}

/** Shown when a model strategy's profile has no description of its own. */
const descriptions: Record<ModelStrategyName, string> = {
  simple: 'Small model (Qwen2-0.5B + LoRA): segment heads only',
  topic: 'Small model (Qwen2-0.5B + LoRA): segments with a topic each',
  summary: 'Small model (Qwen2-0.5B + LoRA): segments with a summary each',
};

/** Their options are the model kind's shared ones (run-options.ts): none of their own. */
export const MODEL_STRATEGIES = MODEL_STRATEGY_NAMES.map(
  (name): StrategyDeclaration<ModelStrategyName, NoOptions> => ({ name, kind: 'model', description: descriptions[name], options: {} }),
);
