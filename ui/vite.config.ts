import { defineConfig, type Plugin } from 'vite';
import { svelte } from '@sveltejs/vite-plugin-svelte';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('.', import.meta.url));

/** The game screen's own chunk (src/components/gameParts.ts), its chunks and its styles named in the built page
 * inside a comment, `<!--game-screen <link …>… -->`: the shell uncomments it when the page's first screen is a
 * game (`page_with_first_answer` in crates/app-core), so a returning player's webview fetches them beside the
 * page's script; a new player's start screen does not (the UI loads them once it is painted). */
function gameScreenFiles(): Plugin {
  return {
    name: 'goeben-game-screen-files',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, { bundle }) {
        const chunks = Object.values(bundle ?? {}).filter((c) => c.type === 'chunk');
        const game = chunks.find((c) => c.facadeModuleId?.endsWith('/src/components/gameParts.ts'));
        if (!game) throw new Error('the game screen chunk (src/components/gameParts.ts) is missing from the build');
        const scripts = new Set<string>();
        const styles = new Set<string>();
        const visit = (name: string) => {
          const chunk = chunks.find((c) => c.fileName === name);
          if (!chunk || chunk.isEntry || scripts.has(name)) return;
          scripts.add(name);
          for (const css of chunk.viteMetadata?.importedCss ?? []) styles.add(css);
          for (const next of chunk.imports) visit(next);
        };
        visit(game.fileName);
        const links = [
          ...[...scripts].map((f) => `<link rel="modulepreload" crossorigin href="/${f}">`),
          ...[...styles].map((f) => `<link rel="stylesheet" crossorigin href="/${f}">`),
        ];
        return html.replace('</head>', `  <!--game-screen ${links.join('')} -->\n  </head>`);
      },
    },
  };
}

// The UI lives in ui/; Tauri loads ui/dist (see src-tauri/tauri.conf.json).
export default defineConfig({
  root,
  plugins: [svelte({ compilerOptions: { css: 'external' } }), gameScreenFiles()],
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
