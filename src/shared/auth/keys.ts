import { brand } from '../brand';

/** Local-storage keys of spec §3 "Stored auth" (and the session-storage return path); no zod, so the boot script can read them. */
export const authKeys = {
  token: `${brand.storagePrefix}.accessToken`,
  expiresAt: `${brand.storagePrefix}.expiresAt`,
  user: `${brand.storagePrefix}.user`,
  loginTime: `${brand.storagePrefix}.loginTime`,
  loginMethod: `${brand.storagePrefix}.loginMethod`,
  pendingInvitation: `${brand.storagePrefix}.pendingInvitationCode`,
  pendingOrder: `${brand.storagePrefix}.pendingOrder`,
  /** Session storage. */
  loginRedirect: `${brand.storagePrefix}.loginRedirect`,
} as const;
