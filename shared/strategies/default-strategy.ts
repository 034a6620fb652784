/**
 * The strategy a run uses when none is named (the CLI's `segment`, the page's first run, the
 * host's getHostInfo): written once, here.
 */
import { structural } from './structural';

export const DEFAULT_STRATEGY: string = structural.name;
