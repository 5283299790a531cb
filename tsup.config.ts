import { readFileSync } from 'node:fs';
import { defineConfig } from 'tsup';
import { metadataBlock, projectUrl, type PackageFields } from './build/metadata';

const pkg = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8')) as PackageFields;

// `tsup --out-dir DIR` (parallel work in one checkout builds elsewhere): the finishing step follows it.
export default defineConfig((cli) => {
  const outDir = cli.outDir ?? 'dist';
  return {
    entry: { voidverified: 'src/main.tsx' },
    outDir,
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
    define: { 'process.env.NODE_ENV': '"production"', __VERSION__: JSON.stringify(pkg.version), __HOMEPAGE__: JSON.stringify(projectUrl(pkg)) },
    banner: { js: metadataBlock(pkg) },
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
      writeFileSync(`${outDir}/voidverified.user.js`, tidyUserscript(read(`${outDir}/voidverified.user.js`, 'utf8')));
      writeFileSync(`${outDir}/voidverified.meta.js`, metadataBlock(pkg) + '\n');
    },
  };
});
