import { describe, expect, it } from 'vitest';

// @ts-expect-error -- a plain .mjs script without types
import { longFunctions, MAX_FUNCTION_LINES } from './check-size.mjs';

const fn = (name: string, bodyLines: number) => `function ${name}() {\n${'  work();\n'.repeat(bodyLines)}}\n`;

describe('check-size', () => {
  it('flags a function over the limit, with its name and line, and not one at the limit', () => {
    const text = `${fn('short', MAX_FUNCTION_LINES - 2)}\n${fn('long', MAX_FUNCTION_LINES)}`;
    const found = longFunctions('x.ts', text);
    expect(found).toEqual([{ name: 'long', line: MAX_FUNCTION_LINES + 2, lines: MAX_FUNCTION_LINES + 2 }]);
  });

  it('names arrow functions by their variable and finds nested ones in TSX', () => {
    const text = `export const Page = () => {\n  const inner = () => {\n${'    step();\n'.repeat(160)}  };\n  return <div />;\n};\n`;
    const names = longFunctions('x.tsx', text).map((f: { name: string }) => f.name);
    expect(names).toEqual(['Page', 'inner']);
  });
});
