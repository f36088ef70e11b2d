import { type ChildProcess, fork } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const script = path.join(path.dirname(fileURLToPath(import.meta.url)), 'relayProcess.ts');

/**
 * How a child process runs TypeScript: as this process does. Under scripts/compiled-ts.mjs (the benchmarks: compiled as
 * the relay's build compiles it, without tsx's `keepNames`), children use it too; otherwise tsx.
 */
export function typescriptImport(): string[] {
  const at = process.execArgv.findIndex((arg, i) => process.execArgv[i - 1] === '--import' && arg.endsWith('compiled-ts.mjs'));
  return ['--import', at >= 0 ? path.resolve(process.execArgv[at]!) : 'tsx'];
}

export interface ChildMemory {
  rss: number;
  heapUsed: number;
  heapTotal: number;
  external: number;
  arrayBuffers: number;
}

/** A relay running in a child process (relayProcess.ts): its URL, IPC requests, and its process to kill. */
export interface RelayChild {
  url: string;
  process: ChildProcess;
  /** A CLI token for this user, issued by the child on its own database. */
  cliToken(userId: string): Promise<string>;
  /** A new signed-in user (access JWT) with a CLI token. */
  account(): Promise<{ userId: string; jwt: string; cliToken: string }>;
  /** The child's RSS and heap after a full GC, in bytes (arrayBuffers includes PGlite's WASM memory). */
  memory(): Promise<ChildMemory>;
  /** The child's `process.cpuUsage()` (all its threads, µs). */
  cpu(): Promise<{ user: number; system: number }>;
  /** Starts a CPU profile of the relay's thread; with `file`, stops it and writes it there (.cpuprofile). */
  profile(file?: string): Promise<void>;
  /** Resolves when the process has exited (after kill() or on its own). */
  exited: Promise<void>;
}

/** Starts relayProcess.ts with `env` added to this environment (and `nodeArgs`, e.g. `--cpu-prof`); resolves once it listens. */
export function spawnRelay(env: Record<string, string>, nodeArgs: string[] = []): Promise<RelayChild> {
  const child = fork(script, [], {
    execArgv: ['--expose-gc', ...nodeArgs, ...typescriptImport()],
    env: { ...process.env, HOST: '127.0.0.1', LOG_LEVEL: 'silent', ...env },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  let next = 0;
  const pending = new Map<number, (reply: Record<string, unknown>) => void>();
  const ask = (message: Record<string, unknown>) =>
    new Promise<Record<string, unknown>>((resolve, reject) => {
      const id = ++next;
      pending.set(id, (reply) => (reply.error ? reject(new Error(String(reply.error))) : resolve(reply)));
      child.send({ ...message, id });
    });
  return new Promise((resolve, reject) => {
    child.once('exit', (code, signal) => reject(new Error(`relay child exited before it was ready (${code ?? signal})`)));
    child.on('message', (reply: Record<string, unknown>) => {
      if (reply.type === 'ready') {
        resolve({
          url: String(reply.url),
          process: child,
          exited,
          cliToken: async (userId) => String((await ask({ type: 'cliToken', userId })).token),
          account: async () => {
            const a = await ask({ type: 'account' });
            return { userId: String(a.userId), jwt: String(a.jwt), cliToken: String(a.cliToken) };
          },
          cpu: async () => {
            const c = await ask({ type: 'cpu' });
            return { user: Number(c.user), system: Number(c.system) };
          },
          profile: async (file) => void (await ask({ type: 'profile', ...(file && { file }) })),
          memory: async () => {
            const m = await ask({ type: 'memory' });
            return {
              rss: Number(m.rss),
              heapUsed: Number(m.heapUsed),
              heapTotal: Number(m.heapTotal),
              external: Number(m.external),
              arrayBuffers: Number(m.arrayBuffers),
            };
          },
        });
      } else if (typeof reply.id === 'number') {
        pending.get(reply.id)?.(reply);
        pending.delete(reply.id);
      }
    });
  });
}
