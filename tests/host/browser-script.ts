/**
 * Turns a self-contained TypeScript module of tests/host into a classic browser script.
 *
 * Function.prototype.toString is not used on purpose: under tsx/esbuild (`keepNames`) it yields code
 * calling a `__name` helper that does not exist in the page. Instead the file is transpiled once with
 * TypeScript to CommonJS and wrapped in a function that supplies `exports`, so the script is an
 * expression evaluating to the module's exports. The module may only have `import type` imports.
 */
import { readFileSync } from 'node:fs';
import ts from 'typescript';

const cache = new Map<string, string>();

/** `(function(){ ...module... return exports; })()` for the module at `file`. */
export function moduleExpression(file: URL): string {
  let js = cache.get(file.href);
  if (js === undefined) {
    const source = readFileSync(file, 'utf8');
    const { outputText } = ts.transpileModule(source, {
      fileName: file.pathname,
      compilerOptions: { module: ts.ModuleKind.CommonJS, target: ts.ScriptTarget.ES2020, isolatedModules: true, removeComments: true },
    });
    // "</script" cannot appear inside an inline script; "<\/" means the same in JS strings and regexps.
    js = `(function () { var exports = {}; var module = { exports: exports };\n${outputText}\nreturn module.exports; })()`.replace(
      /<\/(script)/gi,
      '<\\/$1',
    );
    cache.set(file.href, js);
  }
  return js;
}
