import { defineConfig } from 'vite';
import { svelte } from '@sveltejs/vite-plugin-svelte';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('.', import.meta.url));

// Table mode's guest page: the same Svelte components as the app, built on their own into
// ui/dist-guest, which the table host (crates/table-host, rust-embed) serves to a guest's phone browser.
export default defineConfig({
  root,
  plugins: [svelte({ compilerOptions: { css: 'external' } })],
  clearScreen: false,
  build: {
    outDir: 'dist-guest',
    emptyOutDir: true,
    target: 'es2021',
    assetsInlineLimit: 0,
    rollupOptions: { input: fileURLToPath(new URL('guest.html', import.meta.url)) },
  },
});
