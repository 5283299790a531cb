/**
 * Runs npm scripts side by side and fails when any fails: `tsx scripts/parallel.ts lint:code typecheck`.
 *
 * The checks before the tests (ESLint, Prettier, knip, tsc, the build) are each single-threaded;
 * one after another they left a core idle for about a minute of every `npm test`. Each script's
 * output is held and printed whole when it ends, so two logs never interleave.
 */
import { spawn } from 'node:child_process';

const names = process.argv.slice(2);
if (names.length === 0) {
  console.error('usage: tsx scripts/parallel.ts <npm script>...');
  process.exit(2);
}

const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';

function run(name: string): Promise<boolean> {
  const started = Date.now();
  return new Promise((resolve) => {
    const child = spawn(npm, ['run', '--silent', name], { env: { ...process.env, FORCE_COLOR: process.env.FORCE_COLOR ?? '1' } });
    const output: Buffer[] = [];
    child.stdout.on('data', (chunk: Buffer) => output.push(chunk));
    child.stderr.on('data', (chunk: Buffer) => output.push(chunk));
    // A child that could not start emits 'error', then 'close' (with no code) like any other.
    child.on('error', (error) => output.push(Buffer.from(String(error))));
    child.on('close', (code: number | null) => {
      const seconds = ((Date.now() - started) / 1000).toFixed(1);
      const text = Buffer.concat(output).toString().trimEnd();
      process.stdout.write(`\n> ${name}: ${code === 0 ? 'passed' : `FAILED (exit ${code})`} in ${seconds} s\n${text ? `${text}\n` : ''}`);
      resolve(code === 0);
    });
  });
}

const results = await Promise.all(names.map(run));
const failed = names.filter((_, i) => !results[i]);
if (failed.length > 0) {
  console.error(`\nFailed: ${failed.join(', ')}`);
  process.exit(1);
}
