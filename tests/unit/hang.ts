import { Worker } from 'node:worker_threads';

/**
 * Runs `fn` of the module at `path` (a source file) with `args` in a worker thread and resolves
 * with its result, or rejects when it has not finished within `ms` (the worker is then stopped).
 * A hang detector for synchronous work, which a test's own timeout cannot interrupt: the
 * deadline is far above what the work takes (milliseconds), and far below what the attack it
 * guards against took before (seconds to minutes). It measures nothing; `npm run bench` does.
 */
export function finishesWithin<R>(ms: number, path: URL, fn: string, args: unknown[]): Promise<R> {
  const code = `
    const { register } = await import('tsx/esm/api');
    register();
    const { parentPort, workerData } = await import('node:worker_threads');
    const module = await import(workerData.path);
    parentPort.postMessage(module[workerData.fn](...workerData.args));
  `;
  const worker = new Worker(code, { eval: true, workerData: { path: path.href, fn, args } });
  return new Promise<R>((resolve, reject) => {
    const timer = setTimeout(() => {
      void worker.terminate();
      reject(new Error(`${fn} did not finish within ${ms} ms`));
    }, ms);
    worker.once('message', (result: R) => {
      clearTimeout(timer);
      void worker.terminate();
      resolve(result);
    });
    worker.once('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
  });
}
