import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { precompress } from './scripts/precompress-plugin.ts';

export default defineConfig({
  plugins: [react(), precompress()],
  // `npm run dev`: the API server on PORT (3000 by default) and this dev server beside it.
  server: { proxy: { '/api': `http://localhost:${process.env.PORT ?? 3000}` } },
  // The start-up path's size is guarded by scripts/check-bundle-budget.mjs; the chunks over Vite's
  // warning size are the exports' libraries, loaded only when a user exports (ExcelJS, jsPDF).
  build: { outDir: 'dist', emptyOutDir: true, chunkSizeWarningLimit: 2000 },
});
