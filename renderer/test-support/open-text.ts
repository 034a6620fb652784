/** For the session tests: shows a plain text document under a given id. */
import { useSession } from '../stores/session';

export function openText(id: string, text: string): void {
  useSession.getState().showDocument({ id, info: { name: `${id}.txt`, chars: text.length, sha256: id }, text, sourceFormat: 'txt' });
}
