import { readFileSync, realpathSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig, type Options } from 'tsup';
import { metadataBlock, projectUrl, type PackageFields } from './build/metadata';
import { FROM_SOURCE_MAP, sourcesFromMap } from './build/readable';
import { tidyCss } from './build/tidy';

/**
 * The React API, rendered by Preact's compatibility layer in the shipped userscript: the same
 * components (React in unit tests, Preact in the bundle the e2e tests run) at a quarter of
 * react-dom's size. Preact is bundled from the sources it publishes (`src/`), not from its `dist/`
 * build, whose property names are mangled (`__k` for `_children`): code review rules for
 * userscript hosts treat mangled code as minified. Exact specifiers only (esbuild's `alias` would
 * also rewrite `preact/hooks` through `preact`). Paths are real paths: Preact's own relative imports
 * resolve to real paths, and one file reached by two paths would be bundled twice.
 *
 * `use-sync-external-store/shim` (SWR's) goes to the same place: the shim returns React's own
 * useSyncExternalStore whenever React has one (React 18 and later, and Preact's compat layer), so
 * its CommonJS fallback never runs and needs no bundling.
 *
 * `react/jsx-runtime` goes to build/jsx-runtime.ts: Preact's runtime function under React's name.
 */
const PREACT_SOURCES: Record<string, string> = {
  react: 'preact/compat/src/index.js',
  'react-dom': 'preact/compat/src/index.js',
  'react-dom/client': 'preact/compat/client.mjs',
  preact: 'preact/src/index.js',
  'preact/hooks': 'preact/hooks/src/index.js',
  'preact/compat': 'preact/compat/src/index.js',
  'preact/jsx-runtime': 'preact/jsx-runtime/src/index.js',
  'use-sync-external-store/shim': 'preact/compat/src/index.js',
};
const readablePreact: NonNullable<Options['esbuildPlugins']>[number] = {
  name: 'readable-preact',
  setup(build) {
    build.onResolve(
      {
        filter:
          /^(react|react-dom|react-dom\/client|react\/jsx-runtime|preact|preact\/hooks|preact\/compat|preact\/jsx-runtime|use-sync-external-store\/shim)$/,
      },
      (args) => ({
        path:
          args.path === 'react/jsx-runtime'
            ? fileURLToPath(new URL('./build/jsx-runtime.ts', import.meta.url))
            : realpathSync(fileURLToPath(new URL(`./node_modules/${PREACT_SOURCES[args.path]}`, import.meta.url))),
      }),
    );
  },
};

/**
 * marked and tinykeys: bundled from the TypeScript sources their builds' source maps carry
 * (build/readable.ts), in a namespace of their own (`marked-src:Lexer.ts`, which build/licenses.ts
 * and the bench read as the package). Type-only modules (marked's MarkedOptions, Tokens) are not in
 * the map: they become empty modules, since every import from them is a type. Modules a package's
 * entry lists under `modules` are written there (marked's entry for the script).
 */
function readableFromSourceMap(name: string): NonNullable<Options['esbuildPlugins']>[number] {
  const namespace = `${name}-src`;
  return {
    name: `readable-${name}`,
    setup(build) {
      let sources: Map<string, string> | undefined;
      const load = () => (sources ??= sourcesFromMap(fileURLToPath(new URL('./node_modules', import.meta.url)), name));
      build.onResolve({ filter: new RegExp(`^${name}$`) }, () => ({ path: FROM_SOURCE_MAP[name]!.entry, namespace }));
      build.onResolve({ filter: /^\.\//, namespace }, (args) => ({ path: args.path.slice(2), namespace }));
      const { modules = {} } = FROM_SOURCE_MAP[name]!;
      build.onLoad({ filter: /.*/, namespace }, (args) => ({
        contents: modules[args.path] ?? load().get(args.path) ?? 'export {};',
        loader: 'ts',
      }));
    },
  };
}

/**
 * cmdk publishes only a minified build and no source map: its sources are kept in vendor/cmdk/
 * (unchanged, from the tag of the installed version; see the README there), and the userscript
 * bundles those. The unit tests keep the npm package.
 */
const readableCmdk: NonNullable<Options['esbuildPlugins']>[number] = {
  name: 'readable-cmdk',
  setup(build) {
    build.onResolve({ filter: /^cmdk$/ }, () => ({ path: fileURLToPath(new URL('./vendor/cmdk/index.tsx', import.meta.url)) }));
  },
};

/**
 * Our style sheets ship as text, tidied like the code (no comments, tab indentation). Their paths
 * leave the `.css` ending behind: tsup's own style-sheet plugin loads every `.css` path first.
 */
const tidyStyles: NonNullable<Options['esbuildPlugins']>[number] = {
  name: 'tidy-styles',
  setup(build) {
    build.onResolve({ filter: /\.css$/ }, (args) => ({
      path: `${relative(process.cwd(), join(args.resolveDir, args.path))}:tidied`,
      namespace: 'tidy-css',
    }));
    build.onLoad({ filter: /:tidied$/, namespace: 'tidy-css' }, (args) => ({
      contents: tidyCss(readFileSync(args.path.slice(0, -':tidied'.length), 'utf8')),
      loader: 'text',
    }));
  },
};

const pkg = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8')) as PackageFields;

/**
 * The test build's hook: src/test-hooks.ts is an empty function (the shipped script names no
 * `window.__voidVerified`); the test build loads tests/host/test-hooks.ts in its place, which sets it.
 */
const withTestHooks: NonNullable<Options['esbuildPlugins']>[number] = {
  name: 'with-test-hooks',
  setup(build) {
    build.onLoad({ filter: /[\\/]src[\\/]test-hooks\.ts$/ }, () => ({
      contents: readFileSync(new URL('./tests/host/test-hooks.ts', import.meta.url), 'utf8'),
      loader: 'ts',
      resolveDir: fileURLToPath(new URL('./tests/host/', import.meta.url)),
    }));
  },
};

/**
 * One build of the userscript into `outDir`. `testHooks`: the test build (`dist/test/`), whose
 * `window.__voidVerified` (tests/host/test-hooks.ts) hands the bench and the few end-to-end tests that
 * need them the script's registry, injector, store and client; the shipped build (`dist/`) has none.
 */
function userscriptBuild(outDir: string, testHooks: boolean): Options {
  return {
    entry: { voidverified: 'src/main.tsx' },
    outDir,
    format: ['iife'],
    platform: 'browser',
    // The browsers the script already needs at run time (structuredClone, Object.hasOwn and Array's
    // at() are called without a fallback): Chrome 98 (Edge, Opera and Brave follow it), Firefox 94,
    // Safari 15.4, all of 2022; Tampermonkey and Violentmonkey on current browsers are far above it.
    // Syntax those have (class fields, private methods, ??=) ships as written instead of through
    // helpers (196 __publicField calls); what they lack (Safari 15.4: static blocks) is still lowered.
    target: ['chrome98', 'firefox94', 'safari15.4'],
    minify: false,
    // treeshake: true runs rollup, which moves the banner inside the IIFE wrapper; esbuild's own tree
    // shaking (always on for bundles) is enough.
    treeshake: false,
    splitting: false,
    sourcemap: false,
    // The shipped build leaves the test build's folder inside its own alone (the two run at once).
    clean: testHooks ? true : ['!test/**'],
    dts: false,
    define: {
      'process.env.NODE_ENV': '"production"',
      __VERSION__: JSON.stringify(pkg.version),
      __HOMEPAGE__: JSON.stringify(projectUrl(pkg)),
    },
    banner: { js: metadataBlock(pkg) },
    outExtension: () => ({ js: '.user.js' }),
    loader: { '.css': 'text' },
    // What the bench reads to print the bundle's composition (bytes per package).
    metafile: true,
    esbuildPlugins: [
      readablePreact,
      ...Object.keys(FROM_SOURCE_MAP).map(readableFromSourceMap),
      readableCmdk,
      tidyStyles,
      ...(testHooks ? [withTestHooks] : []),
    ],
    esbuildOptions(options) {
      options.alias = {
        // Radix's scroll lock, as the host's own class (see the module).
        'react-remove-scroll': './build/remove-scroll.ts',
      };
      // The libraries' licence comments go: the script credits them in one notice (build/licenses.ts).
      options.legalComments = 'none';
      // ASCII output (non-ASCII escaped) runs the same whatever encoding a page or manager assumes.
      options.charset = 'ascii';
    },
    async onSuccess() {
      const { readFileSync: read, writeFileSync } = await import('node:fs');
      const { tidyUserscript } = await import('./build/tidy');
      const { PORTED_PACKAGES, bundledPackageNames, licenseNotice, readPackage, withLicenseNotice } = await import('./build/licenses');
      // Tidying drops every comment, the libraries' licence comments with them: one notice credits them all.
      const meta = JSON.parse(read(`${outDir}/metafile-iife.json`, 'utf8')) as Parameters<typeof bundledPackageNames>[0];
      const nodeModules = fileURLToPath(new URL('./node_modules', import.meta.url));
      const credited = [...new Set([...bundledPackageNames(meta), ...PORTED_PACKAGES])].sort();
      const notice = licenseNotice(credited.map((name) => readPackage(nodeModules, name)));
      const script = tidyUserscript(read(`${outDir}/voidverified.user.js`, 'utf8'));
      writeFileSync(`${outDir}/voidverified.user.js`, withLicenseNotice(script, notice));
      writeFileSync(`${outDir}/voidverified.meta.js`, metadataBlock(pkg) + '\n');
    },
  };
}

// `tsup --out-dir DIR` (parallel work in one checkout builds elsewhere): the finishing step follows it.
export default defineConfig((cli) => {
  const outDir = cli.outDir ?? 'dist';
  return [userscriptBuild(outDir, false), userscriptBuild(`${outDir}/test`, true)];
});
