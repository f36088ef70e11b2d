import type { TestRelay } from './testRelay';

export interface JsonResponse {
  status: number;
  // Tests read arbitrary fields of a body they then validate with a protocol schema.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  body: any;
  headers: Headers | Record<string, unknown>;
}

/**
 * One request to a test relay: over real HTTP by default, or through `app.inject` when `ip` is given (the only way
 * to come from another address, e.g. a private 10.x network or a public one).
 */
export async function call(
  relay: TestRelay,
  method: 'GET' | 'POST',
  path: string,
  options: { body?: unknown; rawBody?: string; contentType?: string; token?: string; ip?: string; headers?: Record<string, string> } = {},
): Promise<JsonResponse> {
  const headers: Record<string, string> = { ...options.headers };
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  let payload: string | undefined;
  if (options.rawBody !== undefined) payload = options.rawBody;
  else if (options.body !== undefined) payload = JSON.stringify(options.body);
  if (payload !== undefined) headers['content-type'] = options.contentType ?? 'application/json';

  if (options.ip) {
    const res = await relay.app.inject({
      method,
      url: path,
      headers,
      remoteAddress: options.ip,
      ...(payload !== undefined && { payload }),
    });
    return { status: res.statusCode, body: res.body ? JSON.parse(res.body) : null, headers: res.headers };
  }
  const res = await fetch(relay.url + path, { method, headers, ...(payload !== undefined && { body: payload }) });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : null, headers: res.headers };
}
