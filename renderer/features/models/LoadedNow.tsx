/** One line of the Models screen: what the host has loaded now (its `native-state`), or nothing. */
import { useNativeStore } from '../../stores/native';

function fileName(path: string): string {
  return path.split(/[\\/]/).pop() ?? path;
}

export function LoadedNow() {
  const state = useNativeStore((s) => s.state);
  const engine = state?.engine;
  if (!engine?.model) {
    return <p className="muted" data-testid="loaded-now">No model loaded{engine?.backend ? ` (llama.cpp on ${engine.backend.backend})` : ''}.</p>;
  }
  const context = engine.context;
  return (
    <p className="muted" data-testid="loaded-now">
      Loaded: <code>{fileName(engine.model.path)}</code> on {engine.backend?.backend ?? 'llama.cpp'}
      {context ? `, a context of ${context.contextSize} tokens × ${context.sequences} sequence${context.sequences === 1 ? '' : 's'}${context.adapterPath ? ` with ${fileName(context.adapterPath)}` : ''}` : ''}
      {engine.stage === 'ready' || engine.stage === 'idle' ? '' : ` (${engine.stage})`}.
    </p>
  );
}
