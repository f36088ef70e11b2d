import type { FastifyInstance } from 'fastify';
import { z } from 'zod';

import {
  pushAnswerRequestSchema,
  pushAnswerResultSchema,
  pushConfigSchema,
  pushDeviceStateSchema,
  pushSubscribeRequestSchemaWith,
  pushUnsubscribeRequestSchema,
} from '../../protocol';
import { AppError } from '../core/appError';
import { issuesToDetails } from '../core/validation';
import type { PushService } from '../remote/pushBridge';
import { acceptEmptyJsonBodies, noStoreByDefault, parseBody, registerApiErrorHandler } from './apiErrors';

export interface PushRouteOptions {
  push: PushService;
  now: () => Date;
  /** Tests only (PUSH_ALLOW_LOOPBACK_HTTP): http endpoints on loopback, where a push-service stand-in listens. */
  allowLoopbackHttp: boolean;
}

const deviceQuery = z.object({ deviceId: z.uuid() });

/**
 * Push notifications (docs/push.md): the VAPID public key, this device's subscription and choices (signed-in user),
 * and the answer a notification's Allow / Deny sends (no cookie: the signed token the push carried is the authority).
 */
export async function registerPushRoutes(app: FastifyInstance, options: PushRouteOptions): Promise<void> {
  const { push } = options;
  const subscribeSchema = pushSubscribeRequestSchemaWith(options.allowLoopbackHttp);

  // Signing out on a device removes the subscription made with that sign-in (the logout route answers first).
  app.addHook('onResponse', async (request, reply) => {
    if (request.routeOptions.url === '/web-api/auth/logout' && reply.statusCode === 200 && request.access) {
      await push.repo
        .removeForAccess(request.access.jti)
        .catch((error: unknown) => request.log.warn({ err: error }, 'push: unsubscribe on logout failed'));
    }
  });

  await app.register(async (api) => {
    registerApiErrorHandler(api);
    acceptEmptyJsonBodies(api);
    noStoreByDefault(api);

    api.get('/web-api/push/config', async () => ({ success: true, data: pushConfigSchema.parse({ publicKey: push.vapid.publicKey }) }));

    api.get('/web-api/push/subscription', { preHandler: app.authenticate }, async (request) => {
      const parsed = deviceQuery.safeParse(request.query ?? {});
      if (!parsed.success) {
        const details = issuesToDetails(parsed.error.issues);
        throw new AppError(400, 'VALIDATION_ERROR', `${details[0]?.path}: ${details[0]?.message}`, details);
      }
      const row = await push.repo.findForDevice(request.user!.id, parsed.data.deviceId);
      return { success: true, data: pushDeviceStateSchema.parse({ subscribed: Boolean(row), prefs: row?.prefs ?? null }) };
    });

    api.put('/web-api/push/subscription', { preHandler: app.authenticate }, async (request) => {
      const body = parseBody(subscribeSchema, request.body);
      const userAgent = String(request.headers['user-agent'] ?? '').slice(0, 500);
      await push.repo.upsert(
        {
          userId: request.user!.id,
          deviceId: body.deviceId,
          endpoint: body.subscription.endpoint,
          p256dh: body.subscription.keys.p256dh,
          auth: body.subscription.keys.auth,
          userAgent,
          lang: body.lang,
          prefs: body.prefs,
          accessJti: request.access?.jti ?? null,
        },
        options.now(),
      );
      return { success: true, data: pushDeviceStateSchema.parse({ subscribed: true, prefs: body.prefs }) };
    });

    api.delete('/web-api/push/subscription', { preHandler: app.authenticate }, async (request) => {
      const body = parseBody(pushUnsubscribeRequestSchema, request.body);
      await push.repo.removeDevice(request.user!.id, body.deviceId);
      return { success: true, data: pushDeviceStateSchema.parse({ subscribed: false, prefs: null }) };
    });

    api.post('/web-api/push/answer', async (request) => {
      const body = parseBody(pushAnswerRequestSchema, request.body);
      const result = await push.answer(body.token, body.decision, body.lang);
      if (!result) throw new AppError(403, 'PUSH_TOKEN_INVALID', 'This notification can no longer answer the request');
      return { success: true, data: pushAnswerResultSchema.parse(result) };
    });
  });
}
