declare module '*.css' {
  const text: string;
  export default text;
}

declare const __VERSION__: string;

/** The project's public address from package.json (homepage, else repository), '' when it has none. */
declare const __HOMEPAGE__: string;
