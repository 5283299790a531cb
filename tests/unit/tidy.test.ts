import { describe, expect, it } from 'vitest';
import { tidy, tidyUserscript } from '../../build/tidy';

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

  it('keeps a line break where a comment spanning lines stood (automatic semicolons)', () => {
    const code = 'function g() {\n  return /* a\n  b */ 42;\n}\nreturn g();';
    expect(new Function(code)()).toBeUndefined();
    expect(new Function(tidy(code))()).toBeUndefined();
  });

  it('keeps the metadata block as line 1', () => {
    const out = tidyUserscript('// ==UserScript==\n// @name X\n// ==/UserScript==\n"use strict";\n(() => {\n  // hi\n  x();\n})();\n');
    expect(out).toBe('// ==UserScript==\n// @name X\n// ==/UserScript==\n"use strict";\n(() => {\nx();\n})();\n');
  });
});
