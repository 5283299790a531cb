/**
 * The browser's built-ins that credentials pass through, as they were when the script started.
 *
 * Managers run the script in the page's own JavaScript world by default, where any other script on
 * anilist.co can replace `JSON.stringify`, `FormData.prototype.append` or `URLSearchParams` at any
 * time and read what we hand them: the token as it is stored, an image host's key as it is sent, a
 * token as it comes back from an authorization. This module is evaluated in the script's first
 * synchronous run (main.tsx reaches it through the storage adapter), so what it takes is what the
 * page had then; the code that handles a credential calls these, never the page's current ones.
 *
 * What a page script that ran before us replaced cannot be undone here (README, Security).
 */

const apply = Reflect.apply;

const json = { parse: JSON.parse, stringify: JSON.stringify };
const urlSearchParams = {
  Constructor: URLSearchParams,
  get: URLSearchParams.prototype.get,
  toString: URLSearchParams.prototype.toString,
};
const formData = typeof FormData === 'function' ? { Constructor: FormData, append: FormData.prototype.append } : null;
const stringMethods = { charCodeAt: String.prototype.charCodeAt };
const imul = Math.imul;

/** `JSON.parse` as it was at start-up. */
export function parseJson(text: string): unknown {
  return apply(json.parse, JSON, [text]) as unknown;
}

/** `JSON.stringify` as it was at start-up. */
export function stringifyJson(value: unknown): string {
  return apply(json.stringify, JSON, [value]) as string;
}

/** An `application/x-www-form-urlencoded` body from fields, through URLSearchParams as it was at start-up. */
export function formEncoded(fields: Record<string, string>): string {
  const params = new urlSearchParams.Constructor(fields);
  return apply(urlSearchParams.toString, params, []) as string;
}

/** Reads named values from a query-string-like text, through URLSearchParams as it was at start-up. */
export function queryValues(text: string): { get(name: string): string | null } {
  const params = new urlSearchParams.Constructor(text);
  return { get: (name) => apply(urlSearchParams.get, params, [name]) as string | null };
}

/** A multipart body from fields (a Blob with its file name), through FormData as it was at start-up. */
export function multipart(fields: readonly (readonly [string, string] | readonly [string, Blob, string])[]): FormData {
  if (!formData) throw new Error('This browser has no FormData: files cannot be sent.');
  const form = new formData.Constructor();
  for (const field of fields) apply(formData.append, form, [...field]);
  return form;
}

/** A short FNV-1a hash (base 36) of a secret, through the string and number methods as they were at start-up. */
export function secretHash(secret: string): string {
  let hash = 0x811c9dc5;
  for (let i = 0; i < secret.length; i++) {
    hash = apply(imul, Math, [hash ^ (apply(stringMethods.charCodeAt, secret, [i]) as number), 0x01000193]) as number;
  }
  return (hash >>> 0).toString(36);
}
