/** The comparison panel, plugged into the window (see features/slots.ts). */
import { registerSlot } from '../slots';
import { ComparePanel } from './ComparePanel';

registerSlot('left-panel', 'compare', ComparePanel, 50);
