/**
 * What the page downloaded, as text. Read through the download's stream: the e2e files drive the
 * run's shared Chromium over a connection, where `download.path()` is not available.
 */
import type { Download } from 'playwright-core';

export async function downloadedText(download: Download | Promise<Download>): Promise<string> {
  const stream = await (await download).createReadStream();
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}
