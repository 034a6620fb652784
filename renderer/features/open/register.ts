/** Opening documents, plugged into the window (see features/slots.ts). */
import { registerSlot } from '../slots';
import { OpeningProgress } from './OpeningProgress';

registerSlot('editor-overlay', 'opening-progress', OpeningProgress);
