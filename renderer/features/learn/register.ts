/** "Train from corrections", in the left sidebar under the workspace (see features/slots.ts). */
import { registerSlot } from '../slots';
import { LearnPanel } from './LearnPanel';

registerSlot('left-panel', 'learn', LearnPanel, 20);
