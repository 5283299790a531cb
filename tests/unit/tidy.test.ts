import { describe, expect, it } from 'vitest';
import { tidy, tidyCss, tidyUserscript } from '../../build/tidy';

describe('tidying the bundle', () => {
  it('drops comments and the wrapper indentation, keeps code', () => {
    const code = '(() => {\n  /** doc */\n  var a = 1; // note\n  function f() {\n    return a;\n  }\n})();\n';
    expect(tidy(code)).toBe('(() => {\nvar a = 1; \nfunction f() {\n\treturn a;\n}\n})();\n');
  });

  it('never touches strings, regular expressions or template literals', () => {
    const code =
      '(() => {\n  var s = "/* not a comment */ // nor this";\n  var r = /\\/\\*x/g;\n  var t = `line\n    keeps its spaces\n\n  /* and this */`;\n})();\n';
    const out = tidy(code);
    expect(out).toContain('"/* not a comment */ // nor this"');
    expect(out).toContain('/\\/\\*x/g');
    expect(out).toContain('`line\n    keeps its spaces\n\n  /* and this */`');
    // It still runs the same.
    expect(new Function(`${out}; return 1`)()).toBe(1);
  });

  it('leaves one space where a comment inside a line stood between two', () => {
    const code =
      '(() => {\n  var a = /* @__PURE__ */ f(/* @__PURE__ */ g(), [/* x */ 1]);\n  /* @__PURE__ */ h();\n  var b = c /* d */ + /* e */ +1;\n})();\n';
    expect(tidy(code)).toBe('(() => {\nvar a = f(g(), [1]);\nh();\nvar b = c + +1;\n})();\n');
  });

  it('keeps a line break where a comment spanning lines stood (automatic semicolons)', () => {
    const code = 'function g() {\n  return /* a\n  b */ 42;\n}\nreturn g();';
    expect(new Function(code)()).toBeUndefined();
    expect(new Function(tidy(code))()).toBeUndefined();
  });

  it('keeps the metadata block as line 1', () => {
    const out = tidyUserscript('// ==UserScript==\n// @name X\n// ==/UserScript==\n"use strict";\n(() => {\n  // hi\n  x();\n})();\n');
    expect(out).toBe('// ==UserScript==\n// @name X\n// ==/UserScript==\n"use strict";\n(() => {\n"use strict";\nx();\n})();\n');
  });

  it('makes the IIFE strict with one directive of its own, instead of the one each module repeats', () => {
    const code = '"use strict";\n(() => {\n  var init_a = __esm({\n    "a.js"() {\n      "use strict";\n      x();\n    }\n  });\n})();\n';
    const out = tidy(code);
    expect(out).toBe('"use strict";\n(() => {\n"use strict";\nvar init_a = __esm({ "a.js"() {\nx();\n} });\n})();\n');
    // Strict even when a manager's own statements come before the script's first line.
    const undeclared =
      '"use strict";\n(() => {\n  "use strict";\n  globalThis.__sloppy = (function () { return this; })() !== undefined;\n})();\n';
    new Function(`void 0;\n${tidy(undeclared)}`)();
    expect((globalThis as { __sloppy?: boolean }).__sloppy).toBe(false);
    const sloppy = '(() => {\n  function f() {\n    "use strict";\n  }\n})();\n';
    expect(tidy(sloppy)).toContain('"use strict";');
    const template = '"use strict";\n(() => {\nvar t = `\n"use strict";\n`;\n})();\n';
    expect(tidy(template)).toBe('"use strict";\n(() => {\n"use strict";\nvar t = `\n"use strict";\n`;\n})();\n');
  });
  it("sets each lazily initialised module's body at the left margin, as in its source: the wrapper's two lines one header, its two closing lines one footer", () => {
    const code = [
      '(() => {',
      '  var a, t;',
      '  var init_a = __esm({',
      '    "src/a.ts"() {',
      '      init_b();',
      '      a = class {',
      '        f() {',
      '          return 1;',
      '        }',
      '      };',
      '      t = `x',
      '    kept`;',
      '    }',
      '  });',
      '  var require_c = __commonJS({',
      '    "node_modules/c/c.js"(exports, module) {',
      '      module.exports = 2;',
      '    }',
      '  });',
      '  var o = f({',
      '    "key"() {',
      '      return 3;',
      '    }',
      '  });',
      '})();',
      '',
    ].join('\n');
    expect(tidy(code)).toBe(
      [
        '(() => {',
        'var a, t;',
        'var init_a = __esm({ "src/a.ts"() {',
        'init_b();',
        'a = class {',
        '\tf() {',
        '\t\treturn 1;',
        '\t}',
        '};',
        't = `x',
        '    kept`;',
        '} });',
        'var require_c = __commonJS({ "node_modules/c/c.js"(exports, module) {',
        'module.exports = 2;',
        '} });',
        // Not a module wrapper: as it was.
        'var o = f({',
        '\t"key"() {',
        '\t\treturn 3;',
        '\t}',
        '});',
        '})();',
        '',
      ].join('\n'),
    );
  });
});

describe('tidying the style sheet', () => {
  it('drops comments and the lines they leave, indents with tabs, and keeps strings as written', () => {
    const css =
      "/* top */\n.a {\n  content: '/* kept */';\n  color: red; /* gone */\n}\n/* two\n   lines */\n@media print {\n  .b {\n    margin: 0;\n  }\n}\n";
    expect(tidyCss(css)).toBe(".a {\n\tcontent: '/* kept */';\n\tcolor: red; \n}\n@media print {\n\t.b {\n\t\tmargin: 0;\n\t}\n}\n");
  });
});
