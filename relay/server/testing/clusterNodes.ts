import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { connect as tcpConnect, createServer, type Server, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

import { seedPgliteDataDir } from './pgliteTemplate';

/**
 * Relay nodes as real processes, for the chaos tests (relay/server/chaos*.int.test.ts) and the soak (scripts/soak):
 * the compiled relay `npm start` runs, each node a child process that can be SIGKILLed, and a TCP load balancer in
 * front of them.
 */
export const projectRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

/** Compiles the relay once into `<root>/dist-<name>/.relay` (inside the project, so npm packages resolve) and returns the entry. */
export async function buildRelayOnce(name: string): Promise<{ entry: string; remove(): void }> {
  const dir = path.join(projectRoot, `dist-${name}`);
  const { buildRelay } = (await import(path.join(projectRoot, 'scripts/build-relay.mjs'))) as { buildRelay(out: string): Promise<void> };
  await buildRelay(path.join(dir, '.relay'));
  return { entry: path.join(dir, '.relay/main.js'), remove: () => rmSync(dir, { recursive: true, force: true }) };
}

export interface RelayNode {
  url: string;
  port: number;
  child: ChildProcess;
  dataDir: string;
  /** Everything it printed (for failure messages). */
  output(): string;
  /** Resolves with the exit code (null after a signal) once it exited. */
  exited: Promise<number | null>;
  kill(signal: NodeJS.Signals): void;
}

/** Starts the compiled relay on PORT (0: any) with the given environment; resolves once it listens. */
export async function startRelayNode(
  entry: string,
  env: Record<string, string>,
  options: { dataDir?: string; port?: number; nodeArgs?: string[] } = {},
): Promise<RelayNode> {
  const dataDir = options.dataDir ?? mkdtempSync(path.join(tmpdir(), 'tern-node-'));
  // On PGlite, a copy of the migrated template (a restart on the same directory keeps what it has).
  if (!(env.DATABASE_URL ?? process.env.DATABASE_URL)) await seedPgliteDataDir(dataDir);
  const child = spawn(process.execPath, [...(options.nodeArgs ?? []), entry], {
    cwd: projectRoot,
    env: {
      ...process.env,
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      STATIC_DIR: dataDir,
      ...env,
      PORT: String(options.port ?? 0),
      DATA_DIR: dataDir,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const port = await new Promise<number>((resolve, reject) => {
    child.stdout!.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const match = /running at http:\/\/[^:]+:(\d+)/.exec(output);
      if (match) resolve(Number(match[1]));
    });
    void exited.then((code) => reject(new Error(`relay exited (${code}) before listening:\n${output}`)));
  });
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    child,
    dataDir,
    output: () => output,
    exited,
    kill: (signal) => {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
    },
  };
}

export interface Balancer {
  url: string;
  /** Backends in order of preference: a new connection goes to the first that accepts it. */
  prefer(ports: number[]): void;
  /** Connections made so far to each backend port. */
  counts: Map<number, number>;
  /** Cuts every open connection at once (a reconnect storm); returns how many client connections it cut. */
  dropAll(): number;
  close(): Promise<void>;
}

/**
 * A TCP load balancer for tests: each client connection is piped to the first backend (in preference order) that
 * accepts a connection, like a balancer whose health check already dropped a dead node. When either side closes,
 * the other is closed too, so a client sees its node die.
 */
export async function startBalancer(ports: number[]): Promise<Balancer> {
  let order = [...ports];
  const counts = new Map<number, number>();
  const open = new Set<Socket>();
  const clients = new Set<Socket>();
  const server: Server = createServer((client) => {
    open.add(client);
    clients.add(client);
    client.on('close', () => {
      open.delete(client);
      clients.delete(client);
    });
    client.on('error', () => client.destroy());
    client.pause();
    const tryBackend = (i: number): void => {
      const port = order[i];
      if (port === undefined) {
        client.destroy();
        return;
      }
      const upstream = tcpConnect({ host: '127.0.0.1', port });
      let connected = false;
      upstream.once('error', () => (connected ? client.destroy() : tryBackend(i + 1)));
      upstream.once('connect', () => {
        connected = true;
        counts.set(port, (counts.get(port) ?? 0) + 1);
        open.add(upstream);
        upstream.on('close', () => {
          open.delete(upstream);
          client.destroy();
        });
        client.on('close', () => upstream.destroy());
        client.pipe(upstream);
        upstream.pipe(client);
        client.resume();
      });
    };
    tryBackend(0);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `http://127.0.0.1:${port}`,
    prefer: (next) => (order = [...next]),
    counts,
    dropAll: () => {
      const cut = clients.size;
      for (const s of [...open]) s.destroy();
      return cut;
    },
    close: async () => {
      for (const s of open) s.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
