/**
 * The service keeps open documents in memory, and the renderer opens the sample on every page
 * load: opening the same name and content again must give back the open document, not a copy.
 */
import { Buffer } from 'node:buffer';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createWorkbenchService } from '../../electron/services/workbench';

const service = createWorkbenchService({ resourcesDir: path.resolve('resources') });
afterAll(() => service.dispose());

const open = (name: string, text: string) => service.request('openDocument', { name, dataBase64: Buffer.from(text).toString('base64') });

describe('opening the same document again', () => {
  it('returns the sample already open, however many times a page reloads', async () => {
    const first = await service.request('openSample', {});
    const again = await service.request('openSample', {});
    expect(again).toEqual(first);
    const listed = await service.request('listDocuments', {});
    expect(listed.filter((d) => d.info.name === first.info.name)).toEqual([{ id: first.id, info: first.info, sourceFormat: first.sourceFormat }]);
  });

  it('is one document for the same name and content, and another for a different name or content', async () => {
    const a = await open('notes.txt', 'One. Two.');
    expect((await open('notes.txt', 'One. Two.')).id).toBe(a.id);
    expect((await open('other.txt', 'One. Two.')).id).not.toBe(a.id);
    expect((await open('notes.txt', 'One. Two. Three.')).id).not.toBe(a.id);
  });

  it('opens a fresh copy once the open one is closed', async () => {
    const a = await open('closed.txt', 'Some text.');
    expect(await service.request('closeDocument', { documentId: a.id })).toEqual({ closed: true });
    const b = await open('closed.txt', 'Some text.');
    expect(b.id).not.toBe(a.id);
    expect((await service.request('getDocument', { documentId: b.id })).text).toBe('Some text.');
  });
});
