/**
 * The remote implementation of the window seam: each window's token prompt goes through the
 * endpoint pool to the least-busy server, with the profile's adapter as that server names it. A
 * server's refusal that retrying cannot fix (a grammar it cannot parse, a prompt it cannot take)
 * becomes a RemoteError naming the endpoint.
 */
import type { Token } from 'node-llama-cpp';
import type { DecodingSettings } from '../../../../../shared/profiles/schema';
import type { WindowCompleter, WindowTokenizer } from '../seam';
import { keyRefused } from './connect';
import { EndpointFailure, RemoteError } from './errors';
import type { EndpointPool, PoolEndpoint } from './pool';
import type { ServedAdapter } from './server-client';

export interface RemoteCompleterSpec {
  pool: EndpointPool;
  tokenizer: WindowTokenizer;
  decoding: DecodingSettings;
  /** The profile's adapter on each endpoint (absent: the server's base or merged model). */
  adapterOf?: (endpoint: PoolEndpoint) => { adapter: ServedAdapter; scale: number };
  /** Called after each completed request, with the endpoint that answered. */
  onAnswer?: (endpoint: PoolEndpoint) => void;
}

function explain(err: EndpointFailure, grammar: boolean, model: string | null): RemoteError {
  if (grammar && err.status === 400 && /grammar|parse|structured|xgrammar/i.test(err.message)) {
    return new RemoteError('grammar-rejected', `the server at ${err.endpoint} rejected the window's grammar (${err.message}); use a server version that takes GBNF grammars`).withCliHint(
      'or run with --free',
    );
  }
  if (err.status === 401 || err.status === 403) return keyRefused(err.endpoint, err, null);
  if (err.status === 404 && model !== null) {
    // vLLM: a `model` it does not serve (a LoRA module unloaded since the probe).
    return new RemoteError('model-missing', `the server at ${err.endpoint} does not serve the model ${model} it listed when the run started (${err.message}); start it again with that LoRA module, or start a new run`);
  }
  return new RemoteError('request-failed', `the server at ${err.endpoint} refused a window (${err.message}); check that it serves the profile's model and its log`);
}

export function remoteCompleter(spec: RemoteCompleterSpec): WindowCompleter {
  return {
    get parallel() {
      return spec.pool.parallel;
    },
    async complete(prompt, hooks) {
      let model: string | null = null;
      try {
        const answer = await spec.pool.run(async (endpoint, signal) => {
          const adapter = spec.adapterOf?.(endpoint);
          model = adapter ? String(adapter.adapter.id) : null;
          const a = await endpoint.client.complete({
            tokens: prompt.tokens,
            grammar: prompt.grammar,
            adapter,
            decoding: spec.decoding,
            signal,
          });
          spec.onAnswer?.(endpoint);
          return a;
        }, hooks.signal);
        const evaluated = prompt.tokens.length - answer.cached;
        hooks.onPrefill?.(evaluated, answer.promptMs);
        for (let i = 0; i < answer.generated; i++) hooks.onToken?.(answer.generated > 0 ? answer.generateMs / answer.generated : 0);
        return {
          // Ids from the server are detokenized here, exactly as the local engine does it.
          text: answer.tokens ? spec.tokenizer.detokenize(answer.tokens as Token[]) : answer.text,
          generated: answer.generated,
          reused: answer.cached,
          prefillMs: answer.promptMs,
          generateMs: answer.generateMs,
          stoppedBy: answer.stoppedBy,
          // A server decodes heads only by the GBNF grammar (the trie needs the logits here).
          ...(prompt.grammar !== undefined ? { decoder: 'grammar' as const } : {}),
        };
      } catch (err) {
        if (err instanceof EndpointFailure) throw explain(err, prompt.grammar !== undefined, model);
        throw err;
      }
    },
  };
}
