import type { LoginPermission } from '#protocol/auth';

/** Spec §7: when the permission check fails, every optional sign-in is off (the main provider login is always shown). */
export const closedLoginPermission: LoginPermission = {
  ip: '',
  normalizedIP: '',
  feishuLoginAllowed: false,
  cheetahLoginAllowed: false,
  isPrivateNetwork: false,
  isInWhitelist: false,
  timestamp: new Date(0).toISOString(),
  isChina: false,
  messages: [],
};
