/**
 * The floors Tern's remote round trip is compared with, measured in the same run on the same machine:
 * browser → relay → CLI → relay → browser through (a) raw `ws` and (b) bare Socket.IO, with a relay that only
 * forwards. Both use loopback and one browser/CLI pair, like the Tern measurement in roundtrip.ts.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

import { Server as IoServer, type Socket as ServerSocket } from 'socket.io';
import { io as ioClient, type Socket } from 'socket.io-client';
import WebSocket, { WebSocketServer } from 'ws';

export interface Sample {
  p50: number;
  p95: number;
  p99: number;
  mean: number;
  n: number;
}

export function summarise(ms: number[]): Sample {
  const sorted = [...ms].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? NaN;
  return { p50: at(0.5), p95: at(0.95), p99: at(0.99), mean: sorted.reduce((s, v) => s + v, 0) / sorted.length, n: sorted.length };
}

const listen = (server: Server) =>
  new Promise<number>((resolve) => server.listen(0, '127.0.0.1', () => resolve((server.address() as AddressInfo).port)));

/** Sequential pings: each waits for the previous echo, so the figure is latency, not throughput. */
async function pingLoop(rounds: number, once: () => Promise<void>): Promise<number[]> {
  const out: number[] = [];
  for (let i = 0; i < rounds; i++) {
    const t0 = performance.now();
    await once();
    out.push(performance.now() - t0);
  }
  return out;
}

export async function rawWsFloor(rounds: number, warmup: number): Promise<Sample> {
  const server = createServer();
  const wss = new WebSocketServer({ server });
  const peers: { browser?: WebSocket; cli?: WebSocket } = {};
  wss.on('connection', (socket, request) => {
    const role = request.url === '/cli' ? 'cli' : 'browser';
    peers[role] = socket;
    socket.on('message', (data) => {
      // The relay forwards browser → CLI and CLI → browser.
      const target = role === 'cli' ? peers.browser : peers.cli;
      target?.send(data);
    });
  });
  const port = await listen(server);
  const open = (p: string) =>
    new Promise<WebSocket>((resolve, reject) => {
      const ws = new WebSocket(`ws://127.0.0.1:${port}${p}`);
      ws.once('open', () => resolve(ws));
      ws.once('error', reject);
    });
  const cli = await open('/cli');
  cli.on('message', (data) => cli.send(data)); // the CLI answers
  const browser = await open('/web');
  let seq = 0;
  const once = () =>
    new Promise<void>((resolve) => {
      const id = ++seq;
      const onMessage = (data: WebSocket.RawData) => {
        if (JSON.parse(String(data)).id === id) {
          browser.off('message', onMessage);
          resolve();
        }
      };
      browser.on('message', onMessage);
      browser.send(JSON.stringify({ id, text: 'ping' }));
    });
  await pingLoop(warmup, once);
  const samples = await pingLoop(rounds, once);
  browser.close();
  cli.close();
  wss.close();
  server.close();
  return summarise(samples);
}

export async function socketIoFloor(rounds: number, warmup: number): Promise<Sample> {
  const server = createServer();
  const io = new IoServer(server);
  let cliSocket: ServerSocket | undefined;
  io.of('/cli').on('connection', (socket) => {
    cliSocket = socket;
  });
  io.of('/web').on('connection', (socket) => {
    socket.on('ping:out', (payload: unknown, ack: (v: unknown) => void) => {
      cliSocket?.emit('ping:in', payload, (answer: unknown) => ack(answer));
    });
  });
  const port = await listen(server);
  const connect = (ns: string) =>
    new Promise<Socket>((resolve, reject) => {
      const s = ioClient(`http://127.0.0.1:${port}${ns}`, { transports: ['websocket'] });
      s.once('connect', () => resolve(s));
      s.once('connect_error', reject);
    });
  const cli = await connect('/cli');
  cli.on('ping:in', (payload: unknown, ack: (v: unknown) => void) => ack(payload));
  const browser = await connect('/web');
  await new Promise((r) => setTimeout(r, 50));
  const once = () => new Promise<void>((resolve) => browser.emit('ping:out', { text: 'ping' }, () => resolve()));
  await pingLoop(warmup, once);
  const samples = await pingLoop(rounds, once);
  browser.close();
  cli.close();
  await io.close();
  server.close();
  return summarise(samples);
}
