import { readFileSync } from 'node:fs';
import { homedir } from 'node:os';
import path from 'node:path';

/** Where the CLI keeps its credential, instance ids, outboxes and sessions. */
export function ternHome(env: NodeJS.ProcessEnv = process.env): string {
  return env.TERN_HOME && env.TERN_HOME.trim() ? path.resolve(env.TERN_HOME) : path.join(homedir(), '.tern');
}

export const DEFAULT_RELAY_URL = 'http://127.0.0.1:8080';

export function relayUrlFrom(flag: string | undefined, env: NodeJS.ProcessEnv = process.env): string {
  const url = flag ?? env.TERN_RELAY_URL ?? DEFAULT_RELAY_URL;
  return url.replace(/\/+$/, '');
}

export interface ModelConfig {
  /** Base URL of an OpenAI-compatible API, e.g. http://host/v1 (chat completions live at `<baseUrl>/chat/completions`). */
  baseUrl: string;
  model: string;
  apiKey: string | undefined;
  /** The models a session may choose (`model` first, then TERN_MODELS, comma-separated), announced to the relay. */
  models?: string[];
}

export function modelConfigFrom(env: NodeJS.ProcessEnv = process.env): ModelConfig | null {
  const baseUrl = env.TERN_MODEL_URL?.trim();
  if (!baseUrl) return null;
  const model = env.TERN_MODEL?.trim() || 'gpt-4o-mini';
  const more = (env.TERN_MODELS ?? '').split(',').map((m) => m.trim());
  return {
    baseUrl: baseUrl.replace(/\/+$/, ''),
    model,
    apiKey: env.TERN_API_KEY?.trim() || undefined,
    models: [...new Set([model, ...more.filter((m) => m.length > 0 && m.length <= 200)])].slice(0, 50),
  };
}

export const NO_MODEL_NOTICE =
  'No model is configured, so only !commands and slash commands work. Set TERN_MODEL_URL (an OpenAI-compatible base URL such as https://api.openai.com/v1), TERN_MODEL (the model name) and TERN_API_KEY, then restart `tern --cloud`.';

let cachedVersion: string | undefined;
/** The CLI version: the `version` of the repository's package.json. */
export function cliVersion(): string {
  if (cachedVersion) return cachedVersion;
  try {
    const pkg = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version?: unknown };
    cachedVersion = typeof pkg.version === 'string' ? pkg.version : '0.0.0';
  } catch {
    cachedVersion = '0.0.0';
  }
  return cachedVersion;
}
