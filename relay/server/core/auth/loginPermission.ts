import type { LoginPermission } from '../../../protocol';
import { type Cidr, inAnyCidr, isPrivateIp, normalizeIp, parseIp } from '../network/ip';

/** Who may use the network-restricted logins (Feishu, cheetah). */
export interface NetworkPolicy {
  whitelist: readonly Cidr[];
  china: readonly Cidr[];
  feishuConfigured: boolean;
  /** `network`: private or whitelisted networks only (default); `always`; `never`. */
  feishuAllowed: 'network' | 'always' | 'never';
}

/** Spec §3 login-permission result for one client address. */
export function loginPermission(policy: NetworkPolicy, rawIp: string, now: Date): LoginPermission {
  const ip = parseIp(rawIp);
  const isPrivateNetwork = isPrivateIp(ip);
  const isInWhitelist = inAnyCidr(policy.whitelist, ip);
  const companyNetwork = isPrivateNetwork || isInWhitelist;
  const feishuLoginAllowed =
    policy.feishuConfigured && (policy.feishuAllowed === 'always' || (policy.feishuAllowed === 'network' && companyNetwork));
  const isChina = inAnyCidr(policy.china, ip);

  const messages: string[] = [];
  if (!ip) messages.push('The client address could not be parsed.');
  if (!policy.feishuConfigured) messages.push('Feishu login is not configured on this server.');
  else if (policy.feishuAllowed === 'never') messages.push('Feishu login is disabled on this server.');
  else if (!feishuLoginAllowed) messages.push('Feishu login is only available from the company network.');
  if (!companyNetwork) messages.push('Internal e-mail login is only available from the company network.');
  if (isChina) messages.push('Login is not supported in your country or region.');

  return {
    ip: rawIp,
    normalizedIP: normalizeIp(rawIp),
    feishuLoginAllowed,
    cheetahLoginAllowed: companyNetwork,
    isPrivateNetwork,
    isInWhitelist,
    timestamp: now.toISOString(),
    isChina,
    messages,
  };
}
