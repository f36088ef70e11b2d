/**
 * Which URLs a chat message may carry. Assistant text is attacker-controlled (a prompt injection in any file the model
 * reads), so these are allow-lists. URLs are judged with the WHATWG URL parser, the same one the browser uses when it
 * follows the link: it drops the tabs, newlines and leading control characters that hide `java\tscript:`, and reads
 * the scheme case-insensitively. (markdown-to-jsx has already decoded entities such as `&#x09;` by then.)
 */

// Any absolute base works: a relative URL resolves onto it and so keeps its https: scheme.
const BASE = 'https://relative.invalid/';
const LINK_SCHEMES = new Set(['http:', 'https:', 'mailto:']);
// Raster formats only: an SVG is a document, and opened on its own it runs script.
const DATA_IMAGE = /^data:image\/(?:png|gif|jpeg|webp|avif);base64,[a-z0-9+/=\s]*$/i;

function parse(value: string, base?: string): URL | null {
  try {
    return new URL(value, base);
  } catch {
    return null;
  }
}

/** A link target the browser may follow: http(s), mailto or a relative path; null for anything else. */
export function safeLinkHref(value: string): string | null {
  const trimmed = value.trim();
  // In-page anchors point at ids, and chat messages carry none (see chatElements): a dead link, so none at all.
  if (!trimmed || trimmed.startsWith('#')) return null;
  const url = parse(trimmed, BASE);
  return url && LINK_SCHEMES.has(url.protocol) ? trimmed : null;
}

/**
 * An image the user may choose to load: an absolute http(s) URL, or a raster `data:` image. Relative URLs are refused
 * (they would point at the relay itself); so is every other scheme.
 */
export function safeImageSrc(value: string): string | null {
  const trimmed = value.trim();
  if (DATA_IMAGE.test(trimmed)) return trimmed;
  const url = parse(trimmed);
  return url && (url.protocol === 'https:' || url.protocol === 'http:') && url.host ? url.href : null;
}

/** The host an image would be fetched from (punycode, so a look-alike name shows as such), or null for a data: image. */
export function imageHost(src: string): string | null {
  const url = parse(src);
  return url && url.protocol !== 'data:' ? url.host : null;
}
