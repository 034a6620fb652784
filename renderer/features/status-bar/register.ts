/** The status bar, plugged into the window (see features/slots.ts). */
import { registerSlot } from '../slots';
import { StatusBar } from './StatusBar';

registerSlot('status-bar', 'save-location', StatusBar);
