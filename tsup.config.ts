import { readFileSync } from 'node:fs';
import { defineConfig } from 'tsup';

const pkg = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8')) as {
  version: string;
  description: string;
  homepage: string;
};

const DIST_URL = 'https://github.com/voidverified-palette/voidverified-palette/releases/latest/download';

/** The userscript metadata block. It must be line 1 of the output, outside the IIFE wrapper. */
export function metadataBlock(): string {
  const grants = ['getValue', 'setValue', 'deleteValue', 'listValues', 'addValueChangeListener', 'xmlhttpRequest'];
  const lines: [string, string][] = [
    ['name', 'VoidVerified Palette'],
    ['namespace', 'https://github.com/voidverified-palette'],
    ['version', pkg.version],
    ['description', pkg.description],
    ['author', 'VoidVerified Palette contributors'],
    ['homepageURL', pkg.homepage],
    ['match', 'https://anilist.co/*'],
    ['run-at', 'document-end'],
    ...grants.map((g): [string, string] => ['grant', `GM_${g === 'xmlhttpRequest' ? 'xmlhttpRequest' : g}`]),
    ...grants.map((g): [string, string] => ['grant', `GM.${g === 'xmlhttpRequest' ? 'xmlHttpRequest' : g}`]),
    ['connect', 'graphql.anilist.co'],
    ['connect', 'catbox.moe'],
    ['connect', 'api.imgbb.com'],
    ['connect', 'api.imgur.com'],
    ['downloadURL', `${DIST_URL}/voidverified.user.js`],
    ['updateURL', `${DIST_URL}/voidverified.meta.js`],
  ];
  const width = Math.max(...lines.map(([k]) => k.length)) + 1;
  return ['// ==UserScript==', ...lines.map(([k, v]) => `// @${k.padEnd(width)}${v}`), '// ==/UserScript=='].join('\n');
}

export default defineConfig({
  entry: { voidverified: 'src/main.tsx' },
  outDir: 'dist',
  format: ['iife'],
  platform: 'browser',
  target: 'es2020',
  minify: false,
  // treeshake: true runs rollup, which moves the banner inside the IIFE wrapper; esbuild's own tree
  // shaking (always on for bundles) is enough.
  treeshake: false,
  splitting: false,
  sourcemap: false,
  clean: true,
  dts: false,
  define: { 'process.env.NODE_ENV': '"production"', __VERSION__: JSON.stringify(pkg.version) },
  banner: { js: metadataBlock() },
  outExtension: () => ({ js: '.user.js' }),
  loader: { '.css': 'text' },
  esbuildOptions(options) {
    // Only the CodeMirror pieces the CSS editor uses (see src/panels/codemirror/).
    options.alias = {
      '@uiw/codemirror-extensions-basic-setup': './src/panels/codemirror/setup.ts',
      '@codemirror/theme-one-dark': './src/panels/codemirror/no-dark-theme.ts',
      // The React API, rendered by Preact's compatibility layer in the shipped userscript: the same
      // components (React in unit tests, Preact in the bundle the e2e tests run) at a quarter of
      // react-dom's size, which keeps the bundle within its budget.
      react: 'preact/compat',
      'react-dom': 'preact/compat',
      'react-dom/client': 'preact/compat/client',
      'react/jsx-runtime': 'preact/jsx-runtime',
    };
    options.legalComments = 'none';
    // ASCII output (non-ASCII escaped) runs the same whatever encoding a page or manager assumes.
    options.charset = 'ascii';
  },
  async onSuccess() {
    const { readFileSync: read, writeFileSync } = await import('node:fs');
    const { tidyUserscript } = await import('./build/tidy');
    writeFileSync('dist/voidverified.user.js', tidyUserscript(read('dist/voidverified.user.js', 'utf8')));
    writeFileSync('dist/voidverified.meta.js', metadataBlock() + '\n');
  },
});
