import { readFileSync } from 'node:fs';
import path from 'node:path';

import { describe, expect, it } from 'vitest';

import { RELAY_NODE_FLAGS } from './relayNodeFlags.mjs';

const root = path.resolve(import.meta.dirname, '..');
const read = (file: string) => readFileSync(path.join(root, file), 'utf8');

describe('the relay’s Node options', () => {
  it('are on npm start’s command line', () => {
    const start = (JSON.parse(read('package.json')) as { scripts: Record<string, string> }).scripts.start!;
    expect(start.split(/\s+/).slice(0, 1 + RELAY_NODE_FLAGS.length)).toEqual(['node', ...RELAY_NODE_FLAGS]);
  });

  it('are on the command docs/deploy.md runs the compiled relay with', () => {
    const line = read('docs/deploy.md')
      .split('\n')
      .find((l) => /^node .*dist\/\.relay\/main\.js$/.test(l));
    expect(line).toBeDefined();
    for (const flag of RELAY_NODE_FLAGS) expect(line!.split(/\s+/)).toContain(flag);
  });
});
