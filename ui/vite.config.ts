import { defineConfig } from 'vite';
import { svelte } from '@sveltejs/vite-plugin-svelte';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('.', import.meta.url));

// The UI lives in ui/; Tauri loads ui/dist (see src-tauri/tauri.conf.json).
export default defineConfig({
  root,
  plugins: [svelte({ compilerOptions: { css: 'external' } })],
  clearScreen: false,
  server: { port: 1420, strictPort: true },
  build: { outDir: 'dist', emptyOutDir: true, target: 'es2021', assetsInlineLimit: 0 },
  resolve: process.env.VITEST ? { conditions: ['browser'] } : undefined,
  test: {
    root,
    environment: 'jsdom',
    include: ['src/**/*.test.ts'],
    // The page's stylesheets read as written (typography.test.ts imports them `?raw`); Vitest otherwise hands a
    // test an empty string for every CSS import. Components' own styles stay unprocessed.
    css: { include: [/\/ui\/src\/[^/]+\.css(\?|$)/] },
  },
});
