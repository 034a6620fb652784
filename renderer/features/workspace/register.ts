/** The workspace, plugged into the window (see features/slots.ts). */
import { registerSlot } from '../slots';
import { WorkspaceGlobal } from './WorkspaceGlobal';
import { WorkspacePanel } from './WorkspacePanel';

registerSlot('left-panel', 'workspace', WorkspacePanel, 10);
registerSlot('global', 'workspace', WorkspaceGlobal);
