declare module '*.css' {
  const text: string;
  export default text;
}

declare const __VERSION__: string;
