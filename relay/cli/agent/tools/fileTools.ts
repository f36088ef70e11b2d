import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';

import { resolveInCwd, ToolError } from './paths';

const MAX_READ_BYTES = 1024 * 1024;

export function readFileTool(cwd: string, input: { path: string }): string {
  const { abs } = resolveInCwd(cwd, input.path);
  if (!existsSync(abs)) throw new ToolError(`file not found: ${input.path}`);
  const stat = statSync(abs);
  if (stat.isDirectory()) throw new ToolError(`${input.path} is a directory; use list_files`);
  if (stat.size > MAX_READ_BYTES) throw new ToolError(`${input.path} is larger than 1 MB (${stat.size} bytes)`);
  return readFileSync(abs, 'utf8');
}

export interface WriteResult {
  rel: string;
  oldText: string;
  newText: string;
  created: boolean;
}

/** Computes a write without performing it (for the diff / permission prompt), then `applyWrite` does it. */
export function planWriteFile(cwd: string, input: { path: string; content: string }): WriteResult & { abs: string } {
  if (typeof input.content !== 'string') throw new ToolError('content must be a string');
  const { abs, rel } = resolveInCwd(cwd, input.path);
  const exists = existsSync(abs);
  if (exists && statSync(abs).isDirectory()) throw new ToolError(`${input.path} is a directory`);
  const oldText = exists ? readFileSync(abs, 'utf8') : '';
  return { abs, rel, oldText, newText: input.content, created: !exists };
}

export function planEditFile(cwd: string, input: { path: string; old_string: string; new_string: string }): WriteResult & { abs: string } {
  if (typeof input.old_string !== 'string' || typeof input.new_string !== 'string') {
    throw new ToolError('old_string and new_string must be strings');
  }
  if (input.old_string === '') throw new ToolError('old_string must not be empty');
  const { abs, rel } = resolveInCwd(cwd, input.path);
  if (!existsSync(abs)) throw new ToolError(`file not found: ${input.path}`);
  const oldText = readFileSync(abs, 'utf8');
  const first = oldText.indexOf(input.old_string);
  if (first === -1) throw new ToolError(`old_string not found in ${input.path}`);
  if (oldText.indexOf(input.old_string, first + 1) !== -1) {
    throw new ToolError(`old_string is not unique in ${input.path}; include more surrounding text`);
  }
  const newText = oldText.slice(0, first) + input.new_string + oldText.slice(first + input.old_string.length);
  return { abs, rel, oldText, newText, created: false };
}

export function applyWrite(plan: { abs: string; newText: string }): void {
  mkdirSync(path.dirname(plan.abs), { recursive: true });
  writeFileSync(plan.abs, plan.newText, 'utf8');
}

const SKIP_DIRS = new Set(['node_modules', '.git']);
export const LIST_FILES_CAP = 500;

export function listFilesTool(cwd: string, input: { path?: string }): string {
  const { abs, rel } = resolveInCwd(cwd, input.path && input.path.trim() ? input.path : '.');
  if (!existsSync(abs)) throw new ToolError(`directory not found: ${input.path}`);
  if (!statSync(abs).isDirectory()) throw new ToolError(`${input.path} is not a directory`);
  const out: string[] = [];
  let truncated = false;
  const walk = (dir: string, prefix: string) => {
    const entries = readdirSync(dir, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name));
    for (const entry of entries) {
      if (out.length >= LIST_FILES_CAP) {
        truncated = true;
        return;
      }
      if (entry.isDirectory() && SKIP_DIRS.has(entry.name)) continue;
      const relPath = prefix ? `${prefix}/${entry.name}` : entry.name;
      if (entry.isDirectory()) {
        out.push(relPath + '/');
        walk(path.join(dir, entry.name), relPath);
      } else {
        out.push(relPath);
      }
    }
  };
  walk(abs, rel === '.' ? '' : rel);
  if (truncated) out.push(`… (listing capped at ${LIST_FILES_CAP} entries)`);
  return out.length ? out.join('\n') : '(empty directory)';
}
