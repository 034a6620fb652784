/**
 * Inference servers (llama-server, vLLM) as the contract and the Models screen name them: the
 * server kinds a person may name, and how many servers may be added from the UI.
 */

export const SERVER_KINDS = ['llama-server', 'vllm'] as const;
export type ServerKind = (typeof SERVER_KINDS)[number];

/** Servers added from the Models screen, at most (the start-up ones are not counted). */
export const MAX_ADDED_ENDPOINTS = 64;

/** Where an endpoint comes from: the host's start-up settings (flags, WORKBENCH_ENDPOINTS) or the Models screen. */
export type EndpointSource = 'start-up' | 'added';
