import { z } from 'zod';

import { plain, text } from './text';

/**
 * Sign-in bodies (issue #3). The PWA, the relay and the CLI import these; the relay validates every request body with
 * them and every success response is built to match them. Additive changes only.
 *
 * Times are ISO 8601 strings; `expiresIn` is in seconds.
 */

export const authErrorCodes = [
  'VALIDATION_ERROR',
  'EMAIL_TAKEN',
  'INVALID_CREDENTIALS',
  'INVALID_PASSWORD',
  'INVALID_EMAIL',
  'INVALID_TOKEN',
  'INVALID_CODE',
  'ACCOUNT_LOCKED',
  'ACCESS_DENIED',
  'TOO_MANY_REQUESTS',
  'UNAUTHORIZED',
  'FEISHU_NOT_CONFIGURED',
  'FEISHU_ERROR',
  'INVALID_REDIRECT_URI',
] as const;
export type AuthErrorCode = (typeof authErrorCodes)[number];

export const loginMethods = ['tern', 'feishu', 'cheetah'] as const;
export const loginMethodSchema = z.enum(loginMethods);
export type LoginMethod = z.infer<typeof loginMethodSchema>;

const emptyToUndefined = (v: unknown) => (v === '' || v === null ? undefined : v);

/** Spec §5: optional; 6-10 letters or digits, forced upper case. An empty string counts as absent. */
export const invitationCodeSchema = z.preprocess(
  emptyToUndefined,
  z
    .string()
    .trim()
    .toUpperCase()
    .regex(/^[A-Z0-9]{6,10}$/, 'Invalid invitation code format')
    .optional(),
);

export const emailSchema = plain(z.string({ message: 'Please enter email address' }))
  .trim()
  .toLowerCase()
  .min(1, 'Please enter email address')
  .max(254, 'Email address is too long')
  .pipe(z.email({ message: 'Please enter a valid email address' }));

/** Spec §3 ClientInfo, sent with every login; informational only. */
export const clientInfoSchema = z
  .object({
    platform: text(100).optional(),
    version: text(100).optional(),
    userAgent: text(1000).optional(),
    timestamp: z.union([z.number(), text(100)]).optional(),
  })
  .optional();
export type ClientInfo = z.infer<typeof clientInfoSchema>;

/** Spec §3 User. `email` and `avatar` may be null (a Feishu account without a shared e-mail, no avatar). */
export const authUserSchema = z.object({
  id: z.string(),
  username: z.string(),
  email: z.string().nullable(),
  avatar: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type AuthUser = z.infer<typeof authUserSchema>;

// ---- tern account service -------------------------------------------------------------------------------------

export const ternSignupRequestSchema = z.object({
  email: emailSchema,
  password: z.string({ message: 'Please enter password' }).min(8, 'Password must be at least 8 characters').max(200),
  username: plain(z.string({ message: 'Please enter a username' }))
    .trim()
    .min(1, 'Please enter a username')
    .max(40),
  invitationCode: invitationCodeSchema,
});
export type TernSignupRequest = z.infer<typeof ternSignupRequestSchema>;

export const ternSigninRequestSchema = z.object({
  email: emailSchema,
  password: z.string({ message: 'Please enter password' }).min(1, 'Please enter password').max(200),
});
export type TernSigninRequest = z.infer<typeof ternSigninRequestSchema>;

/** Signup and signin answer a one-time login token (5 minutes) for `/callback?logintype=tern&token=…&user_id=…`. */
export const oneTimeTokenResponseSchema = z.object({
  success: z.literal(true),
  data: z.object({ token: z.string(), user_id: z.string() }),
});
export type OneTimeTokenResponse = z.infer<typeof oneTimeTokenResponseSchema>;

export const ternLoginRequestSchema = z.object({
  token: plain(z.string({ message: 'Missing token' }))
    .min(1, 'Missing token')
    .max(200),
  user_id: z.union([z.string(), z.number()]).transform(String).pipe(plain(z.string()).min(1, 'Missing user_id').max(100)),
  /** The client platform (e.g. `web`); defaults to `web` when absent. */
  plat: plain(z.string()).max(40).default('web'),
  invitationCode: invitationCodeSchema,
  clientInfo: clientInfoSchema,
});
export type TernLoginRequest = z.input<typeof ternLoginRequestSchema>;

// ---- login result (spec §3) -----------------------------------------------------------------------------------

export const loginResultDataSchema = z.object({
  accessToken: z.string(),
  expiresIn: z.number().int().positive(),
  expiresAt: z.string(),
  user: authUserSchema,
  loginMethod: z.string(),
});
export type LoginResultData = z.infer<typeof loginResultDataSchema>;

/** tern-login and feishu-login: the login result at the top level, mirrored in `data`. */
export const loginResultResponseSchema = loginResultDataSchema.extend({
  success: z.literal(true),
  data: loginResultDataSchema,
});
export type LoginResultResponse = z.infer<typeof loginResultResponseSchema>;

// ---- login permission (spec §3) -------------------------------------------------------------------------------

export const loginPermissionSchema = z.object({
  ip: z.string(),
  normalizedIP: z.string(),
  feishuLoginAllowed: z.boolean(),
  cheetahLoginAllowed: z.boolean(),
  isPrivateNetwork: z.boolean(),
  isInWhitelist: z.boolean(),
  timestamp: z.string(),
  isChina: z.boolean(),
  messages: z.array(z.string()),
});
export type LoginPermission = z.infer<typeof loginPermissionSchema>;

/** The spec also lists `appSecret`; it is deliberately never sent to a browser (docs/auth.md). */
export const clientConfigResponseSchema = z.object({
  success: z.literal(true),
  data: z.object({
    feishu: z.object({
      appId: z.string().nullable(),
      /** Feishu's authorize page (from FEISHU_BASE_URL), so the popup goes to the configured provider. */
      authorizeUrl: z.string().optional(),
    }),
  }),
});
export type ClientConfigResponse = z.infer<typeof clientConfigResponseSchema>;

// ---- Feishu ---------------------------------------------------------------------------------------------------

export const feishuExchangeRequestSchema = z.object({
  code: plain(z.string({ message: 'Missing authorization code' }))
    .min(1, 'Missing authorization code')
    .max(1000),
  redirect_uri: plain(z.string({ message: 'Missing redirect_uri' }))
    .min(1, 'Missing redirect_uri')
    .max(2000),
});
export type FeishuExchangeRequest = z.infer<typeof feishuExchangeRequestSchema>;

export const feishuExchangeResponseSchema = z.object({
  success: z.literal(true),
  data: z.object({ accessToken: z.string() }),
});
export type FeishuExchangeResponse = z.infer<typeof feishuExchangeResponseSchema>;

export const feishuLoginRequestSchema = z.object({
  // The relay sends it to Feishu in an Authorization header: a token is visible ASCII (anything else is the caller's
  // mistake, 400 here, never an upstream failure).
  feishuAccessToken: plain(z.string({ message: 'Missing feishuAccessToken' }))
    .min(1, 'Missing feishuAccessToken')
    .max(2000)
    .regex(/^[\x21-\x7e]+$/, 'feishuAccessToken must be visible ASCII characters'),
  invitationCode: invitationCodeSchema,
  clientInfo: clientInfoSchema,
});
export type FeishuLoginRequest = z.input<typeof feishuLoginRequestSchema>;

// ---- cheetah (internal company e-mail) ------------------------------------------------------------------------

/** A malformed e-mail answers 400 `INVALID_EMAIL` (not `VALIDATION_ERROR`), as the internal login screen expects. */
export const cheetahLoginRequestSchema = z.object({
  email: emailSchema,
  password: z.string({ message: 'Please enter password' }).min(1, 'Please enter password').max(200),
  invitationCode: invitationCodeSchema,
  clientInfo: clientInfoSchema,
});
export type CheetahLoginRequest = z.input<typeof cheetahLoginRequestSchema>;

export const cheetahLoginResponseSchema = z.object({
  success: z.literal(true),
  tokenPair: z.object({ accessToken: z.string() }),
  expiresIn: z.number().int().positive(),
  expiresAt: z.string(),
  user: authUserSchema,
  loginMethod: z.literal('cheetah'),
  data: loginResultDataSchema,
});
export type CheetahLoginResponse = z.infer<typeof cheetahLoginResponseSchema>;

// ---- temp codes (CLI → browser sign-in) -----------------------------------------------------------------------

export const tempCodeResponseSchema = z.object({
  success: z.literal(true),
  data: z.object({ code: z.string(), expiresAt: z.string() }),
});
export type TempCodeResponse = z.infer<typeof tempCodeResponseSchema>;

export const tempCodeExchangeRequestSchema = z.object({
  code: plain(z.string({ message: 'missing required parameter: code' }))
    .min(1, 'missing required parameter: code')
    .max(200),
});
export type TempCodeExchangeRequest = z.infer<typeof tempCodeExchangeRequestSchema>;

export const tempCodeExchangeResponseSchema = z.object({
  success: z.literal(true),
  token: z.string(),
  tokenType: z.literal('Bearer'),
  expiresIn: z.number().int().positive(),
  expiresAt: z.string(),
  user: authUserSchema,
  /** The login method of the session that created the code. */
  loginMethod: z.string(),
  data: loginResultDataSchema,
});
export type TempCodeExchangeResponse = z.infer<typeof tempCodeExchangeResponseSchema>;

// ---- session --------------------------------------------------------------------------------------------------

export const meResponseSchema = z.object({ success: z.literal(true), data: authUserSchema });
export type MeResponse = z.infer<typeof meResponseSchema>;

export const logoutResponseSchema = z.object({ success: z.literal(true) });
export type LogoutResponse = z.infer<typeof logoutResponseSchema>;
