import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  plugins: [react()],
  test: {
    name: 'web',
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['src/test/setup.ts'],
    testTimeout: 15_000,
    // One module registry per worker, shared by its files: importing MUI, the table and the
    // contract again for each file was most of the project's time (111 s → 33 s on 2 cores).
    // Files therefore mock by spying and restore their spies (no vi.mock); setup.ts cleans up.
    isolate: false,
  },
});
