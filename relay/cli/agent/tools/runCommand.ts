import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';

export const DEFAULT_COMMAND_TIMEOUT_MS = 120_000;
const KILL_GRACE_MS = 2_000;
const KEEP_OUTPUT_BYTES = 256 * 1024;

export interface CommandResult {
  exitCode: number | null;
  signal: NodeJS.Signals | null;
  timedOut: boolean;
  interrupted: boolean;
  /** stdout and stderr interleaved as received (the last 256 KB). */
  output: string;
}

export interface RunCommandOptions {
  cwd: string;
  timeoutMs?: number;
  signal?: AbortSignal;
  onOutput?: (stream: 'stdout' | 'stderr', chunk: string) => void;
  env?: NodeJS.ProcessEnv;
}

const shell = (): [string, string[]] => (existsSync('/bin/bash') ? ['/bin/bash', ['-lc']] : ['/bin/sh', ['-c']]);

/**
 * Runs a shell command in `cwd` in its own process group, streams its output, and kills the whole group on timeout
 * or abort (SIGTERM, then SIGKILL after a grace period).
 */
export function runCommand(command: string, options: RunCommandOptions): Promise<CommandResult> {
  const timeoutMs = options.timeoutMs && options.timeoutMs > 0 ? options.timeoutMs : DEFAULT_COMMAND_TIMEOUT_MS;
  const [bin, args] = shell();
  return new Promise((resolve) => {
    let output = '';
    let timedOut = false;
    let interrupted = false;
    if (options.signal?.aborted) {
      resolve({ exitCode: null, signal: null, timedOut: false, interrupted: true, output: '' });
      return;
    }
    const child = spawn(bin, [...args, command], {
      cwd: options.cwd,
      env: { ...(options.env ?? process.env), TERN_AGENT: '1' },
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: true,
    });
    let killTimer: NodeJS.Timeout | undefined;
    const killGroup = () => {
      const pid = child.pid;
      if (pid === undefined) return;
      try {
        process.kill(-pid, 'SIGTERM');
      } catch {
        // already gone
      }
      killTimer = setTimeout(() => {
        try {
          process.kill(-pid, 'SIGKILL');
        } catch {
          // already gone
        }
      }, KILL_GRACE_MS);
      killTimer.unref();
    };
    const onData = (stream: 'stdout' | 'stderr') => (data: Buffer) => {
      const chunk = data.toString('utf8');
      output += chunk;
      if (output.length > KEEP_OUTPUT_BYTES) output = output.slice(output.length - KEEP_OUTPUT_BYTES);
      options.onOutput?.(stream, chunk);
    };
    child.stdout.on('data', onData('stdout'));
    child.stderr.on('data', onData('stderr'));
    const timer = setTimeout(() => {
      timedOut = true;
      killGroup();
    }, timeoutMs);
    const onAbort = () => {
      interrupted = true;
      killGroup();
    };
    options.signal?.addEventListener('abort', onAbort, { once: true });
    const finish = (exitCode: number | null, signal: NodeJS.Signals | null) => {
      clearTimeout(timer);
      if (killTimer) clearTimeout(killTimer);
      options.signal?.removeEventListener('abort', onAbort);
      resolve({ exitCode, signal, timedOut, interrupted, output });
    };
    child.on('error', (error) => {
      output += `\n${error.message}`;
      finish(127, null);
    });
    child.on('close', (code, signal) => finish(code, signal));
  });
}

export function describeCommandResult(result: CommandResult, timeoutMs: number): string {
  if (result.interrupted) return 'command interrupted';
  if (result.timedOut) return `command timed out after ${timeoutMs} ms`;
  if (result.exitCode === null) return `command killed by ${result.signal ?? 'a signal'}`;
  return `exit code ${result.exitCode}`;
}
