import type { FastifyError, FastifyInstance, FastifyReply } from 'fastify';
import type { z } from 'zod';

import type { ErrorBody } from '../../protocol';
import { AppError } from '../core/appError';
import { validateInbound } from '../core/validation';
import { storageDataErrorCode } from '../storage/dataErrors';

/**
 * Validates a request body with its protocol schema and the unstorable-text rule (core/validation.ts, shared with the
 * socket router); a bad body is a 400 VALIDATION_ERROR naming each problem.
 */
export function parseBody<S extends z.ZodType>(schema: S, body: unknown): z.output<S> {
  const valid = validateInbound(schema, body ?? {}, 'Invalid request body');
  if (valid.ok) return valid.data;
  throw new AppError(400, 'VALIDATION_ERROR', valid.message, valid.details);
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
