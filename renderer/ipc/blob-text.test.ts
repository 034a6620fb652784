import { describe, expect, it } from 'vitest';
import { blobsToText, textToBlobs } from './blob-text';

describe('a long string through binary frames, a piece per task', () => {
  it('keeps every character, whatever falls on a piece boundary', async () => {
    // 2^18 characters per piece: an emoji (a surrogate pair) straddles the first boundary.
    const text = `${'a'.repeat((1 << 18) - 1)}🐋${'Straße — 🐋 '.repeat(100_000)}`;
    const pieces = await textToBlobs(text);
    expect(pieces.length).toBeGreaterThan(4);
    expect(pieces.reduce((bytes, piece) => bytes + piece.size, 0)).toBe(Buffer.byteLength(text, 'utf8'));
    expect(await blobsToText(pieces)).toBe(text);
  });

  it('decodes frames cut inside characters, as the web host cuts them', async () => {
    const text = 'Straße — 🐋 '.repeat(1000);
    const bytes = Buffer.from(text, 'utf8');
    const frames = Array.from({ length: Math.ceil(bytes.length / 7) }, (_, i) => new Blob([bytes.subarray(i * 7, i * 7 + 7)]));
    expect(await blobsToText(frames)).toBe(text);
    expect(await blobsToText([])).toBe('');
  });
});
