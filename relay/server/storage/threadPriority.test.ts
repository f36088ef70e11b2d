import { Worker } from 'node:worker_threads';

import { describe, expect, it } from 'vitest';

import { threadNices } from '../testing/threads';

const moduleUrl = new URL('./threadPriority.mjs', import.meta.url).href;

/** Runs lowerThreadPriority with each value in turn in a new worker thread; answers the thread's id and what each call answered. */
function inWorker(values: number[]): Promise<{ id: number | null; answers: Array<number | null>; nices: Map<number, number> }> {
  const code = `
    const { parentPort, workerData } = require('node:worker_threads');
    import(workerData.moduleUrl).then(({ lowerThreadPriority, threadId }) => {
      const answers = workerData.values.map((value) => lowerThreadPriority(value));
      parentPort.postMessage({ id: threadId(), answers });
      parentPort.once('message', () => process.exit(0));
    });`;
  const worker = new Worker(code, { eval: true, workerData: { moduleUrl, values } });
  return new Promise((resolve, reject) => {
    worker.once('error', reject);
    worker.once('message', (reply: { id: number | null; answers: Array<number | null> }) => {
      // Read while the thread still runs, then let it end.
      const nices = threadNices();
      worker.postMessage('end');
      worker.once('exit', () => resolve({ ...reply, nices }));
    });
  });
}

describe.runIf(process.platform === 'linux')('the database threads’ priority (threadPriority.mjs)', () => {
  it('lowers the calling thread’s priority only, and never raises it again', async () => {
    const main = threadNices().get(process.pid);
    const { id, answers, nices } = await inWorker([7, 3, 0]);
    expect(id).toBeGreaterThan(0);
    expect(id).not.toBe(process.pid);
    expect(nices.get(id!)).toBe(7);
    // A lower value than the thread's own (3), or 0, leaves it where it is; the answer says where that is.
    expect(answers).toEqual([7, 7, 7]);
    // The thread that serves the sockets keeps its priority.
    expect(threadNices().get(process.pid)).toBe(main);
  });

  it('leaves a thread at the process’s priority for 0', async () => {
    const main = threadNices().get(process.pid);
    const { id, answers, nices } = await inWorker([0]);
    expect(nices.get(id!)).toBe(main);
    expect(answers).toEqual([main]);
  });
});
