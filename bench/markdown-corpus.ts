/**
 * Adversarial markdown (issue 25, "Rendering is linear and bounded"): what the unit suite renders
 * (tests/unit/markdown-adversarial.test.ts: it renders, does not throw, keeps its nesting caps)
 * and what `npm run bench` times (bench/markdown.ts: the worst 10,000- and 160,000-character
 * inputs). Runs of every mark of the dialect, alone and around a letter, a space or a line break;
 * the pairs of marks that cost most before (found by timing every pair of marks at 5,000 and
 * 20,000 characters); the issue's own inputs; and deep nesting of every kind.
 */

/** Every mark of AniList's markdown, marked's and the dialect's. */
export const MARKS: readonly string[] = [
  '*',
  '_',
  '~',
  '`',
  '[',
  ']',
  '(',
  ')',
  '!',
  '<',
  '>',
  '#',
  '|',
  '\\',
  ' ',
  '\n',
  '\t',
  '    ',
  '-',
  '+',
  '=',
  ':',
  '&',
  '"',
  '@',
  '1.',
  '1)',
  '__',
  '**',
  '~~',
  '~~~',
  '~!',
  '!~',
  'img(',
  'img220(',
  'webm(',
  'youtube(',
  'http://',
  'www.',
  '<a ',
  '</a>',
  '<div>',
  '<!--',
  '<?',
  '```',
  '[a]: b\n',
  '&#1;',
];

/** Pairs of marks that were slowest before, and shapes that stress the block rules. */
export const PAIRS: readonly string[] = [
  '_a',
  'a_',
  '*a',
  '__a',
  '**a',
  '***a',
  '*_',
  '_[',
  '**[',
  '**.',
  '&_',
  '=_',
  '!_',
  '\\~',
  'a~!',
  '~!a ',
  '~!~!',
  '~~!',
  '**img(',
  'img(__',
  '**~!',
  '1.**',
  '1.*',
  '1._',
  '**1.',
  'www._',
  'www.*',
  '**http://',
  'http://__',
  'www.webm(',
  'img(http://',
  'http://img(',
  '1)a@b.c',
  'a@b.c ',
  '*a@b.c',
  '!/',
  '~!/',
  '`\n\n',
  '```a ',
  '</a>```',
  '<__',
  '*<?',
  '*<!--',
  '-\n-',
  '\n--',
  '|\n-',
  '\n|\n-',
  '\n-\n|',
  '\n=\n-',
  '\n-\n=',
  ' \n-',
  '#\n',
  '\n#',
  '\n+',
  '+\n',
  '\n\na',
  'x\n|\n-\n',
  '\n|\n>',
  '> a\nb\n',
  '> - a\nb\n',
  '- a\nb\n',
  '> > a\nb\n> c\n',
  '> # h\nlazy\n',
  '> 1. a\n2. b\nc\n',
  '- > a\nb\n',
  '[a](b',
  '[a](b [',
  '![a](',
  '<a b="',
  '<a b=c ',
];

export interface CorpusInput {
  name: string;
  text: string;
}

const repeatTo = (unit: string, size: number) => unit.repeat(Math.ceil(size / unit.length)).slice(0, size);

/** Every mark alone, and around a letter, a space and a line break, then the pairs. */
export function runs(size: number): CorpusInput[] {
  const units = new Set<string>();
  for (const mark of MARKS) for (const unit of [mark, `${mark}a`, `a${mark}`, `${mark} `, `${mark}\n`, `${mark}a `]) units.add(unit);
  for (const pair of PAIRS) units.add(pair);
  return [...units].map((unit) => ({ name: `runs of ${JSON.stringify(unit)}`, text: repeatTo(unit, size) }));
}

/** Opening `open` n times, some text, then closing `close` n times, to `size` characters. */
const nest = (open: string, close: string, size: number) => {
  const n = Math.floor((size - 4) / (open.length + close.length));
  return `${open.repeat(n)}text${close.repeat(n)}`;
};

/** The inputs, and nesting of every kind, each about `size` characters. */
export function structures(size: number): CorpusInput[] {
  const lines = (make: (i: number) => string) => {
    const out: string[] = [];
    let length = 0;
    for (let i = 0; length < size; i++) {
      const line = make(i);
      out.push(line);
      length += line.length + 1;
    }
    return out.join('\n').slice(0, size);
  };
  return [
    { name: 'a heading line of 3,000 spaces', text: `# ${' '.repeat(3000)}x` },
    { name: 'heading lines of spaces and marks', text: repeatTo(`# ${' '.repeat(3000)}`, size) },
    { name: 'nested quotes on one line', text: `${'> '.repeat(Math.floor(size / 2) - 2)}text` },
    { name: 'nested bullets on one line', text: `${'- '.repeat(Math.floor(size / 2) - 2)}text` },
    { name: 'nested numbers on one line', text: `${'1. '.repeat(Math.floor(size / 3) - 2)}text` },
    { name: 'quote depths rising and falling', text: lines((i) => `${'> '.repeat((i % 40) + 1)}text`) },
    { name: 'list indents rising', text: lines((i) => `${'  '.repeat(i % 200)}- text`) },
    { name: 'quoted lists with lazy lines', text: lines((i) => (i % 2 ? 'lazy' : `${'> '.repeat((i % 7) + 1)}- item`)) },
    { name: 'nested emphasis', text: nest('*a ', ' b*', size) },
    { name: 'nested strong', text: nest('**a ', ' b**', size) },
    { name: 'nested strikethrough', text: nest('~~a ', ' b~~', size) },
    { name: 'nested spoilers', text: nest('~!', '!~', size) },
    { name: 'nested centres', text: nest('~~~', '~~~', size) },
    { name: 'nested links', text: nest('[', '](b)', size) },
    { name: 'nested images', text: nest('![', '](b)', size) },
    { name: 'nested code spans', text: nest('`', '``', size) },
    { name: 'nested raw HTML', text: nest('<b>', '</b>', size) },
    { name: 'spoiler blocks', text: lines((i) => (i % 3 === 0 ? '~!' : i % 3 === 1 ? 'text\n' : 'text!~')) },
    { name: 'unclosed centre blocks', text: lines(() => '~~~') },
    { name: 'table-shaped lines', text: lines((i) => (i % 2 ? '|-|' : 'a|b|c')) },
    { name: 'a long ordinary document', text: ordinaryDocument(size) },
  ];
}

/** What a long bio or post looks like: every feature of the dialect, in ordinary use. */
function ordinaryDocument(size: number): string {
  const blocks = [
    '# My favourites',
    '~~~img420(https://i.example/banner.png)~~~',
    'I **really** liked _Frieren_ this season, ~~not~~ and ~!the ending!~ was great. @Viewer agrees.',
    '> A quote from someone\n> over two lines',
    '- first\n- second with [a link](https://anilist.co/anime/1)\n  - nested',
    '1. one\n2. two',
    '`code` and www.example.com and https://anilist.co/user/x',
    'youtube(https://www.youtube.com/watch?v=dQw4w9WgXcQ) webm(https://v.example/a.webm)',
    '<div align="center"><b>centred</b></div>',
    '---',
  ];
  let out = '';
  for (let i = 0; out.length < size; i++) out += `${blocks[i % blocks.length]}\n\n`;
  return out.slice(0, size);
}

/** The whole corpus at `size` characters an input. */
export function markdownCorpus(size: number): CorpusInput[] {
  return [...runs(size), ...structures(size)];
}
