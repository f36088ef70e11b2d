import { existsSync, realpathSync } from 'node:fs';
import path from 'node:path';

export class ToolError extends Error {}

function isInside(root: string, target: string): boolean {
  const rel = path.relative(root, target);
  return rel === '' || (!rel.startsWith('..') && !path.isAbsolute(rel));
}

/**
 * Resolves a tool path inside the working directory. Absolute paths, `..` escapes and symlinks that lead outside
 * are refused.
 */
export function resolveInCwd(cwd: string, requested: string): { abs: string; rel: string } {
  if (typeof requested !== 'string' || requested.trim() === '') throw new ToolError('path is required');
  if (requested.includes('\0')) throw new ToolError('path contains a NUL byte');
  const root = path.resolve(cwd);
  const abs = path.resolve(root, requested);
  if (!isInside(root, abs)) throw new ToolError(`path "${requested}" is outside the working directory`);
  // Follow symlinks of the part that exists: a link may not lead out of the working directory either.
  const realRoot = realpathSync(root);
  let probe = abs;
  while (!existsSync(probe) && probe !== root) probe = path.dirname(probe);
  const realProbe = realpathSync(probe);
  if (!isInside(realRoot, realProbe)) throw new ToolError(`path "${requested}" leads outside the working directory`);
  return { abs, rel: path.relative(root, abs) || '.' };
}
