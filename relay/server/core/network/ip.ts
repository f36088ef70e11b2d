import { isIP } from 'node:net';

/** An address as bytes: 4 for IPv4, 16 for IPv6. IPv4-mapped IPv6 (`::ffff:a.b.c.d`) is reduced to IPv4. */
export interface ParsedIp {
  version: 4 | 6;
  bytes: Uint8Array;
}

export interface Cidr extends ParsedIp {
  prefix: number;
  source: string;
}

function parseV4(text: string): Uint8Array | null {
  const parts = text.split('.');
  if (parts.length !== 4) return null;
  const bytes = new Uint8Array(4);
  for (let i = 0; i < 4; i++) {
    const part = parts[i]!;
    if (!/^\d{1,3}$/.test(part)) return null;
    const n = Number(part);
    if (n > 255) return null;
    bytes[i] = n;
  }
  return bytes;
}

function parseV6(text: string): Uint8Array | null {
  if (isIP(text) !== 6) return null;
  let head = text;
  let tail4: Uint8Array | null = null;
  // A trailing dotted quad (`::ffff:10.0.0.1`, `64:ff9b::1.2.3.4`) is the last 32 bits.
  const lastColon = head.lastIndexOf(':');
  if (head.slice(lastColon + 1).includes('.')) {
    tail4 = parseV4(head.slice(lastColon + 1));
    if (!tail4) return null;
    head = head.slice(0, lastColon + 1) + '0:0';
  }
  const [left = '', right] = head.split('::') as [string, string | undefined];
  const groups = (s: string) => (s === '' ? [] : s.split(':'));
  const l = groups(left);
  const r = right === undefined ? [] : groups(right);
  const missing = 8 - l.length - r.length;
  if (missing < 0 || (right === undefined && missing !== 0)) return null;
  const all = [...l, ...Array<string>(missing).fill('0'), ...r];
  const bytes = new Uint8Array(16);
  all.forEach((g, i) => {
    const n = parseInt(g, 16);
    bytes[i * 2] = n >> 8;
    bytes[i * 2 + 1] = n & 0xff;
  });
  if (tail4) bytes.set(tail4, 12);
  return bytes;
}

const isMappedV4 = (b: Uint8Array) => b.slice(0, 10).every((x) => x === 0) && b[10] === 0xff && b[11] === 0xff;

export function parseIp(raw: string): ParsedIp | null {
  let text = raw.trim();
  if (text.startsWith('[') && text.endsWith(']')) text = text.slice(1, -1);
  const zone = text.indexOf('%');
  if (zone !== -1) text = text.slice(0, zone);
  const v4 = parseV4(text);
  if (v4) return { version: 4, bytes: v4 };
  const v6 = parseV6(text.toLowerCase());
  if (!v6) return null;
  if (isMappedV4(v6)) return { version: 4, bytes: v6.slice(12) };
  return { version: 6, bytes: v6 };
}

export function formatIp(ip: ParsedIp): string {
  if (ip.version === 4) return Array.from(ip.bytes).join('.');
  const groups: number[] = [];
  for (let i = 0; i < 16; i += 2) groups.push((ip.bytes[i]! << 8) | ip.bytes[i + 1]!);
  // RFC 5952: compress the longest run (length > 1) of zero groups, the first one on a tie.
  let best = -1;
  let bestLen = 1;
  for (let i = 0; i < 8;) {
    if (groups[i] !== 0) {
      i++;
      continue;
    }
    let j = i;
    while (j < 8 && groups[j] === 0) j++;
    if (j - i > bestLen) {
      best = i;
      bestLen = j - i;
    }
    i = j;
  }
  const hex = groups.map((g) => g.toString(16));
  if (best === -1) return hex.join(':');
  return `${hex.slice(0, best).join(':')}::${hex.slice(best + bestLen).join(':')}`;
}

/** The address as the relay reports and compares it: mapped IPv6 reduced to IPv4, IPv6 in RFC 5952 form. */
export function normalizeIp(raw: string): string {
  const ip = parseIp(raw);
  return ip ? formatIp(ip) : raw.trim();
}

/** `10.0.0.0/8`, `fd00::/8`, or a single address (a /32 or /128). Null when malformed. */
export function parseCidr(text: string): Cidr | null {
  const source = text.trim();
  const slash = source.indexOf('/');
  const addressText = slash === -1 ? source : source.slice(0, slash);
  const ip = parseIp(addressText);
  if (!ip) return null;
  const max = ip.version === 4 ? 32 : 128;
  let prefix = max;
  if (slash !== -1) {
    const prefixText = source.slice(slash + 1);
    if (!/^\d{1,3}$/.test(prefixText)) return null;
    prefix = Number(prefixText);
    // A mapped IPv6 range (::ffff:10.0.0.0/104) becomes the IPv4 range it denotes.
    if (ip.version === 4 && addressText.includes(':')) prefix -= 96;
    if (prefix < 0 || prefix > max) return null;
  }
  return { ...ip, prefix, source };
}

export function parseCidrList(text: string | undefined): { cidrs: Cidr[]; invalid: string[] } {
  const cidrs: Cidr[] = [];
  const invalid: string[] = [];
  for (const item of (text ?? '').split(',')) {
    if (!item.trim()) continue;
    const cidr = parseCidr(item);
    if (cidr) cidrs.push(cidr);
    else invalid.push(item.trim());
  }
  return { cidrs, invalid };
}

export function cidrContains(cidr: Cidr, ip: ParsedIp): boolean {
  if (cidr.version !== ip.version) return false;
  const full = Math.floor(cidr.prefix / 8);
  for (let i = 0; i < full; i++) if (cidr.bytes[i] !== ip.bytes[i]) return false;
  const rest = cidr.prefix % 8;
  if (rest === 0) return true;
  const mask = (0xff << (8 - rest)) & 0xff;
  return ((cidr.bytes[full]! ^ ip.bytes[full]!) & mask) === 0;
}

export const inAnyCidr = (cidrs: readonly Cidr[], ip: ParsedIp | null): boolean => !!ip && cidrs.some((c) => cidrContains(c, ip));

/** RFC 1918, loopback, link-local (v4 and v6), unique local (fc00::/7). */
const PRIVATE_RANGES = [
  '10.0.0.0/8',
  '172.16.0.0/12',
  '192.168.0.0/16',
  '127.0.0.0/8',
  '169.254.0.0/16',
  '::1/128',
  'fc00::/7',
  'fe80::/10',
].map((c) => parseCidr(c)!);

export const isPrivateIp = (ip: ParsedIp | null): boolean => inAnyCidr(PRIVATE_RANGES, ip);
