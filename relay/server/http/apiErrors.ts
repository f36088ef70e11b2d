import type { FastifyError, FastifyInstance, FastifyReply } from 'fastify';
import type { z } from 'zod';

import { type ErrorBody, findUnstorable, PLAIN_MESSAGE } from '../../protocol';
import { AppError } from '../core/appError';
import { storageDataErrorCode } from '../storage/dataErrors';

export const issuesToDetails = (issues: readonly z.core.$ZodIssue[]) =>
  issues.map((i) => ({ path: i.path.map(String).join('.'), message: i.message }));

/** Validates a request body with its protocol schema; a bad body is a 400 VALIDATION_ERROR naming each problem. */
export function parseBody<S extends z.ZodType>(schema: S, body: unknown): z.output<S> {
  const parsed = schema.safeParse(body ?? {});
  if (parsed.success) {
    refuseUnstorable(parsed.data);
    return parsed.data;
  }
  const details = issuesToDetails(parsed.error.issues);
  const first = details[0];
  const message = first ? (first.path ? `${first.path}: ${first.message}` : first.message) : 'Invalid request body';
  throw new AppError(400, 'VALIDATION_ERROR', message, details);
}

/** Details naming each field that still holds NUL or a lone surrogate after its schema (none when schemas are right). */
export function unstorableDetails(data: unknown): { path: string; message: string }[] {
  return findUnstorable(data).map((path) => ({ path, message: PLAIN_MESSAGE }));
}

function refuseUnstorable(data: unknown): void {
  const details = unstorableDetails(data);
  if (details.length > 0) throw new AppError(400, 'VALIDATION_ERROR', `${details[0]!.path}: ${details[0]!.message}`, details);
}

export function sendError(reply: FastifyReply, status: number, body: ErrorBody): FastifyReply {
  return reply.code(status).header('Cache-Control', 'no-store').send(body);
}

const FASTIFY_CODES: Record<string, string> = {
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'UNSUPPORTED_MEDIA_TYPE',
  FST_ERR_CTP_BODY_TOO_LARGE: 'PAYLOAD_TOO_LARGE',
};

/**
 * The error envelope for an API scope: AppErrors keep their status and code, Fastify's own 4xx (malformed JSON, empty
 * JSON body) become VALIDATION_ERROR, anything else is a logged 500 whose details stay on the server.
 * Register it inside the scope (`app.register(async (api) => { registerApiErrorHandler(api); … })`) so the static
 * site keeps its own behaviour.
 */
export function registerApiErrorHandler(scope: FastifyInstance): void {
  scope.setErrorHandler((error: FastifyError | AppError | Error, request, reply) => {
    if (error instanceof AppError) {
      if (error.retryAfterSeconds !== undefined) reply.header('Retry-After', String(Math.max(1, Math.ceil(error.retryAfterSeconds))));
      return sendError(reply, error.status, {
        success: false,
        code: error.code,
        message: error.message,
        ...(error.details && { details: error.details }),
      });
    }
    const status = (error as FastifyError).statusCode;
    if (typeof status === 'number' && status >= 400 && status < 500) {
      const fastifyCode = (error as FastifyError).code;
      const code =
        status === 429 ? 'TOO_MANY_REQUESTS' : (FASTIFY_CODES[fastifyCode] ?? (status === 400 ? 'VALIDATION_ERROR' : 'BAD_REQUEST'));
      return sendError(reply, status, { success: false, code, message: error.message });
    }
    const dataError = storageDataErrorCode(error);
    if (dataError) {
      request.log.warn({ err: error, sqlstate: dataError }, 'request refused by storage as invalid data');
      return sendError(reply, 400, {
        success: false,
        code: 'VALIDATION_ERROR',
        message: 'The request holds a value that cannot be stored',
      });
    }
    request.log.error({ err: error }, 'request failed');
    return sendError(reply, 500, { success: false, code: 'INTERNAL_ERROR', message: 'Server error, please try again later' });
  });
}

/**
 * For an API scope whose bodiless POSTs (logout, temp-code, cancel, pairing decisions …) may still be sent with
 * `Content-Type: application/json`: Fastify's parser refuses an empty JSON body, this scope treats it as no body.
 * Everything else goes to the default (safe) parser. Call it inside the scope, like registerApiErrorHandler.
 */
export function acceptEmptyJsonBodies(scope: FastifyInstance): void {
  const parse = scope.getDefaultJsonParser('error', 'error');
  scope.removeContentTypeParser('application/json');
  scope.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (text.trim() === '') return done(null, undefined);
    return parse(request, text, done);
  });
}

/** API answers are personal or short-lived: `Cache-Control: no-store` unless a route set its own. */
export function noStoreByDefault(scope: FastifyInstance): void {
  scope.addHook('onSend', async (_request, reply) => {
    if (!reply.hasHeader('Cache-Control')) reply.header('Cache-Control', 'no-store');
  });
}
