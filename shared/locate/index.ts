export type { HeadInput, HeadPlacement, LocateOptions, LocateResult } from './types';
export { locateHeads, LOCATE_DEFAULTS } from './locate-heads';
export { segmentationFromPlacements } from './to-segmentation';
export { normalize } from './normalize';
