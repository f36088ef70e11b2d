import { brand } from '../../shared/brand';

/** Written by the callback page when it has no opener to message (spec §4 Login callback). */
export const LOGIN_TRIGGER_KEY = `${brand.storagePrefix}.loginSuccess`;
/** The message types another window's sign-in sends (its opener gets a message, other tabs a storage event). */
export const loginSuccessTypes: readonly string[] = [brand.loginSuccessMessage, 'FEISHU_LOGIN_SUCCESS'];
