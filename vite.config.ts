import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import path from 'node:path';

// The renderer: built to dist/renderer and served by app:// (desktop) or browser mode's loopback server.
export default defineConfig({
  root: path.resolve(import.meta.dirname, 'renderer'),
  base: '/',
  plugins: [react()],
  build: {
    outDir: path.resolve(import.meta.dirname, process.env.REFLECT_DIST ?? 'dist', 'renderer'),
    emptyOutDir: true,
    sourcemap: true,
    target: 'chrome130',
    chunkSizeWarningLimit: 1500,
  },
  server: { strictPort: true },
});
