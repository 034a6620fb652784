import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

// This folder, from the config's own URL (no Node imports: renderer/ is a browser layer), with
// the drive-letter slash removed on Windows.
const here = decodeURIComponent(new URL('.', import.meta.url).pathname).replace(/^\/([A-Za-z]:)/, '$1');

// base './': the same build loads from Electron's file:// and from the web host's URL.
// Monaco is bundled from node_modules (no CDN); its editor worker comes in through `?worker`.
export default defineConfig({
  root: here,
  base: './',
  plugins: [react()],
  build: {
    outDir: `${here}dist`,
    emptyOutDir: true,
    // Monaco is one big chunk by nature; splitting it buys nothing for a local app.
    chunkSizeWarningLimit: 4096,
  },
  // Classic (iife) workers also start from file:// pages, where module workers may not.
  worker: { format: 'iife' },
});
