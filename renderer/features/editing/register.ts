/** Hand editing, plugged into the window (see features/slots.ts). */
import { registerSlot } from '../slots';
import { EditingGlobal } from './EditingGlobal';
import { EditingToolbar } from './EditingToolbar';
import { SegmentEditor } from './SegmentEditor';

registerSlot('toolbar', 'editing-toolbar', EditingToolbar);
registerSlot('right-panel', 'segment-editor', SegmentEditor);
registerSlot('global', 'editing', EditingGlobal);
