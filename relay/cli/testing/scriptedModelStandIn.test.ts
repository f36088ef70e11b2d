import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

import { afterEach, describe, expect, it } from 'vitest';

import { sseData } from '../agent/modelClient';
import { type ScriptedModel, startScriptedModel } from './scriptedModelStandIn';

const repoRoot = fileURLToPath(new URL('../../../', import.meta.url));
let model: ScriptedModel | null = null;
afterEach(async () => {
  await model?.close();
  model = null;
});

async function chunksOf(url: string, body: object): Promise<Array<Record<string, unknown>>> {
  const res = await fetch(`${url}/chat/completions`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  expect(res.headers.get('content-type')).toBe('text/event-stream');
  const out: Array<Record<string, unknown>> = [];
  for await (const data of sseData(res.body!)) {
    if (data === '[DONE]') {
      out.push({ done: true });
      break;
    }
    out.push(JSON.parse(data) as Record<string, unknown>);
  }
  return out;
}

describe('scripted model stand-in', () => {
  it('streams OpenAI-shaped chunks: role, content, tool-call deltas split up, finish_reason, usage, [DONE]', async () => {
    model = await startScriptedModel({
      steps: [{ text: 'hi there', toolCalls: [{ name: 'read_file', arguments: { path: 'a-long-file-name.txt' } }] }],
    });
    const chunks = await chunksOf(model.url, {
      model: 'm',
      stream: true,
      stream_options: { include_usage: true },
      messages: [{ role: 'user', content: 'x' }],
    });
    type Choice = {
      delta: {
        role?: string;
        content?: string;
        tool_calls?: Array<{ index: number; id?: string; function: { name?: string; arguments?: string } }>;
      };
      finish_reason: string | null;
    };
    const choices = chunks
      .filter((c) => Array.isArray(c.choices) && (c.choices as unknown[]).length > 0)
      .map((c) => (c.choices as Choice[])[0]!);
    expect(choices[0]!.delta.role).toBe('assistant');
    expect(choices.map((c) => c.delta.content ?? '').join('')).toBe('hi there');
    const toolDeltas = choices.flatMap((c) => c.delta.tool_calls ?? []);
    expect(toolDeltas.length).toBeGreaterThan(2);
    expect(toolDeltas[0]).toMatchObject({ index: 0, id: expect.any(String), function: { name: 'read_file' } });
    expect(JSON.parse(toolDeltas.map((d) => d.function.arguments ?? '').join(''))).toEqual({ path: 'a-long-file-name.txt' });
    expect(choices.at(-1)!.finish_reason).toBe('tool_calls');
    expect(chunks.at(-2)).toMatchObject({
      choices: [],
      usage: { prompt_tokens: expect.any(Number), completion_tokens: expect.any(Number) },
    });
    expect(chunks.at(-1)).toEqual({ done: true });
    // No script step left: a clear error.
    const res = await fetch(`${model.url}/chat/completions`, { method: 'POST', body: JSON.stringify({ messages: [] }) });
    expect(res.status).toBe(500);
    expect(model.requests.map((r) => r.step)).toEqual([0, null]);
  });

  it('runs as a command that prints its URL and serves the recorded requests', async () => {
    const child = spawn(
      process.execPath,
      [
        '--import',
        'tsx',
        'relay/cli/testing/scriptedModelStandIn.ts',
        '--script',
        'relay/cli/testing/scripts/edit-file.json',
        '--port',
        '0',
      ],
      {
        cwd: repoRoot,
        stdio: ['ignore', 'pipe', 'inherit'],
      },
    );
    try {
      const url = await new Promise<string>((resolve, reject) => {
        let out = '';
        child.stdout.on('data', (d: Buffer) => {
          out += d.toString();
          const line = out.split('\n').find((l) => l.startsWith('http'));
          if (line) resolve(line.trim());
        });
        child.once('exit', (code) => reject(new Error(`exited ${code}`)));
      });
      expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/v1$/);
      const chunks = await chunksOf(url, { model: 'm', stream: true, messages: [{ role: 'user', content: 'Update greeting.txt' }] });
      expect(JSON.stringify(chunks)).toContain('update_todos');
      const recorded = (await (await fetch(`${url}/requests`)).json()) as Array<{ step: number }>;
      expect(recorded).toMatchObject([{ step: 0 }]);
    } finally {
      child.kill('SIGTERM');
    }
  });
});
