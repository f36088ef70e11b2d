import { connect as tcpConnect } from 'node:net';

/** The Redis the multi-node tests use (TEST_REDIS_URL overrides the local default). */
export const TEST_REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

/** True when something accepts a TCP connection at the URL's host and port within a second. */
export const reachable = (url: string) =>
  new Promise<boolean>((resolve) => {
    const { hostname, port } = new URL(url);
    const socket = tcpConnect({ host: hostname, port: Number(port || 6379) });
    socket.setTimeout(1000);
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
    socket.once('timeout', () => {
      socket.destroy();
      resolve(false);
    });
  });
