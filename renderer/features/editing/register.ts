/** Hand editing and the workspace, plugged into the window (see features/slots.ts). */
import { registerSlot } from '../slots';
import { EditingGlobal } from './EditingGlobal';
import { EditingToolbar } from './EditingToolbar';
import { SegmentEditor } from './SegmentEditor';
import { WorkspacePanel } from './WorkspacePanel';

registerSlot('toolbar', 'editing-toolbar', EditingToolbar);
registerSlot('right-panel', 'segment-editor', SegmentEditor);
registerSlot('left-panel', 'workspace', WorkspacePanel, 10);
registerSlot('global', 'editing', EditingGlobal);
