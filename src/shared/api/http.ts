import { navigate } from 'wouter/use-browser-location';

import { clearAuth, currentToken } from '../auth/session';
import { showToast } from '../ui/toast';
import { API_BASE, API_TIMEOUT_MS } from './config';
import { decideFailure, type FailureDecision, type FailureInput, type Text, withFallback } from './errorPolicy';

export class ApiError extends Error {
  readonly status: number | null;
  readonly code: string | null;
  readonly decision: FailureDecision;
  readonly body: unknown;

  constructor(decision: FailureDecision, status: number | null, code: string | null, body: unknown) {
    super('text' in decision.message ? decision.message.text : decision.message.key);
    this.name = 'ApiError';
    this.decision = decision;
    this.status = status;
    this.code = code;
    this.body = body;
  }

  /** The message for the screen: a translation key or server text. */
  get text(): Text {
    return this.decision.message;
  }
}

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  query?: Record<string, string | number | boolean | undefined>;
  signal?: AbortSignal;
  /** Used instead of server text that contains Chinese characters (spec §5). */
  fallbackMessage?: string;
  /** Skip toasts (the caller reports errors itself). */
  silent?: boolean;
  timeoutMs?: number;
}

/**
 * True once the document is being unloaded (a full navigation or reload). The browser then cancels requests in
 * flight, which looks exactly like a network failure; the catalogue's network rule (sign out on user paths) must not
 * fire for a request the browser itself dropped. Reset when a page comes back from the back/forward cache.
 */
let pageLeaving = false;
if (typeof window !== 'undefined') {
  window.addEventListener('pagehide', () => (pageLeaving = true));
  window.addEventListener('beforeunload', () => (pageLeaving = true));
  window.addEventListener('pageshow', () => (pageLeaving = false));
}

/** Rejection for a request cancelled by the page unloading: nothing to show, nothing to clear. */
export class PageLeavingError extends Error {
  constructor() {
    super('request cancelled: the page is unloading');
    this.name = 'PageLeavingError';
  }
}

function buildUrl(path: string, query?: RequestOptions['query']): string {
  const url = new URL(API_BASE + path, typeof location === 'undefined' ? 'http://localhost' : location.origin);
  for (const [k, v] of Object.entries(query ?? {})) if (v !== undefined) url.searchParams.set(k, String(v));
  return API_BASE.startsWith('http') ? url.toString() : url.pathname + url.search;
}

function apply(decision: FailureDecision, silent: boolean): void {
  if ((!silent || decision.alwaysToast) && decision.toast) showToast(decision.toast.level, decision.toast.content);
  if (!silent && decision.extraToast) showToast(decision.extraToast.level, decision.extraToast.content, 6000);
  if (decision.clearAuth) clearAuth();
  if (decision.goHomeAfterMs !== undefined) {
    const go = () => {
      if (location.pathname !== '/') navigate('/');
    };
    if (decision.goHomeAfterMs === 0) go();
    else setTimeout(go, decision.goHomeAfterMs);
  }
}

function fail(input: FailureInput, opts: RequestOptions, status: number | null, code: string | null, body: unknown): never {
  const decision = decideFailure(input);
  if (opts.fallbackMessage !== undefined && 'text' in decision.message) {
    decision.message = { text: withFallback(decision.message.text, opts.fallbackMessage) ?? opts.fallbackMessage };
  }
  apply(decision, opts.silent ?? false);
  throw new ApiError(decision, status, code, body);
}

function readMessage(body: unknown): { message?: string; code?: string } {
  if (!body || typeof body !== 'object') return {};
  const b = body as Record<string, unknown>;
  const message = [b.message, b.error, b.msg].find((v): v is string => typeof v === 'string');
  const code = [b.code, b.errorCode].find((v): v is string => typeof v === 'string');
  return { ...(message !== undefined && { message }), ...(code !== undefined && { code }) };
}

/**
 * The one HTTP client: JSON, 10 s timeout, Bearer token when signed in, and the spec §8 error catalogue.
 * Resolves with the parsed body; rejects with ApiError after applying the catalogue's decision.
 */
export async function request<T = unknown>(path: string, opts: RequestOptions = {}): Promise<T> {
  const token = currentToken();
  let url: string;
  let init: RequestInit;
  const controller = new AbortController();
  const timeout = setTimeout(() => controller.abort(new DOMException('timeout', 'TimeoutError')), opts.timeoutMs ?? API_TIMEOUT_MS);
  opts.signal?.addEventListener('abort', () => controller.abort(opts.signal?.reason), { once: true });
  try {
    url = buildUrl(path, opts.query);
    const headers: Record<string, string> = { Accept: 'application/json' };
    if (opts.body !== undefined) headers['Content-Type'] = 'application/json';
    if (token) headers.Authorization = `Bearer ${token}`;
    init = {
      method: opts.method ?? (opts.body === undefined ? 'GET' : 'POST'),
      headers,
      signal: controller.signal,
      ...(opts.body !== undefined && { body: JSON.stringify(opts.body) }),
    };
  } catch {
    clearTimeout(timeout);
    return fail({ kind: 'config', path }, opts, null, null, null);
  }

  let response: Response;
  try {
    response = await fetch(url, init);
  } catch (error) {
    clearTimeout(timeout);
    if (opts.signal?.aborted) throw error;
    if (pageLeaving) throw new PageLeavingError();
    const timedOut = controller.signal.aborted;
    if (timedOut) return fail({ kind: 'noResponse', path }, opts, null, null, null);
    const offline = typeof navigator !== 'undefined' && navigator.onLine === false;
    return fail({ kind: 'network', path, offline }, opts, null, null, null);
  }
  clearTimeout(timeout);

  const text = await response.text().catch(() => '');
  let body: unknown = null;
  if (text) {
    try {
      body = JSON.parse(text);
    } catch {
      body = text;
    }
  }
  const { message, code } = readMessage(body);
  if (!response.ok) {
    return fail({ kind: 'http', path, status: response.status, message, code }, opts, response.status, code ?? null, body);
  }
  if (body && typeof body === 'object' && (body as { success?: unknown }).success === false) {
    return fail({ kind: 'business', path, message, code }, opts, response.status, code ?? null, body);
  }
  return body as T;
}

/** For `{ success, data }` envelopes: returns `data`. */
export async function requestData<T>(path: string, opts?: RequestOptions): Promise<T> {
  const body = await request<{ data?: T }>(path, opts);
  return (body && typeof body === 'object' && 'data' in body ? body.data : body) as T;
}
