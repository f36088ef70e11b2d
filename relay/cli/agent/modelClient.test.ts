import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

import { afterEach, describe, expect, it } from 'vitest';

import { streamChat } from './modelClient';

let server: Server | null = null;
afterEach(() => new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve())));

/** A minimal compatible server (test stand-in) that answers with the given handler. */
async function serve(handler: (body: Record<string, unknown>) => { status: number; json: unknown }): Promise<string> {
  server = createServer((req, res) => {
    let raw = '';
    req.on('data', (d: Buffer) => (raw += d.toString()));
    req.on('end', () => {
      const { status, json } = handler(JSON.parse(raw) as Record<string, unknown>);
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(json));
    });
  });
  await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server!.address() as AddressInfo).port}/v1`;
}

describe('model client', () => {
  it('accepts a non-streamed JSON completion and retries without stream_options when the server refuses them', async () => {
    const seen: Array<Record<string, unknown>> = [];
    const url = await serve((body) => {
      seen.push(body);
      if ('stream_options' in body) return { status: 400, json: { error: { message: 'Unrecognized request argument: stream_options' } } };
      return {
        status: 200,
        json: {
          choices: [
            {
              message: {
                content: 'plain',
                tool_calls: [{ id: 'c1', type: 'function', function: { name: 'read_file', arguments: '{"path":"a"}' } }],
              },
              finish_reason: 'tool_calls',
            },
          ],
          usage: { prompt_tokens: 5, completion_tokens: 2 },
        },
      };
    });
    const deltas: string[] = [];
    const result = await streamChat({
      baseUrl: url,
      model: 'm',
      messages: [{ role: 'user', content: 'x' }],
      onTextDelta: (t) => deltas.push(t),
    });
    expect(seen).toHaveLength(2);
    expect(result).toMatchObject({ content: 'plain', finishReason: 'tool_calls', usage: { inputTokens: 5, outputTokens: 2 } });
    expect(result.toolCalls[0]).toMatchObject({ id: 'c1', function: { name: 'read_file', arguments: '{"path":"a"}' } });
    expect(deltas).toEqual(['plain']);
  });

  it('reports an HTTP error with its status', async () => {
    const url = await serve(() => ({ status: 429, json: { error: { message: 'slow down' } } }));
    await expect(streamChat({ baseUrl: url, model: 'm', messages: [] })).rejects.toMatchObject({
      status: 429,
      message: expect.stringContaining('slow down'),
    });
  });
});
