import { isPlain } from '../../protocol';

/**
 * Field names that hold identifiers, codes, times or host facts: whatever the relay answers, stores and fans out
 * under these names must be plain (no control characters, NUL or lone surrogates; relay/protocol/text.ts `plain()`).
 * An independent check of the schemas: with a `plain()` dropped from one of them, hostile ids get accepted and
 * come back out under such a name.
 */
const ID_LIKE = /^(id|ids|code|email|hostname|platform|nodeVersion|cliVersion|model|lang|plat|.+Id|.+_id|.+Ids|.+Code|.+_sn|.+Sn|.+At)$/;

/** Paths (`a.b.0`) of id-like fields whose string value is not plain, anywhere in `value`; at most `limit`. */
export function findNonPlainIds(value: unknown, limit = 5): string[] {
  const found: string[] = [];
  const walk = (v: unknown, path: string[], idLike: boolean, depth: number) => {
    if (found.length >= limit || depth > 80) return;
    if (typeof v === 'string') {
      if (idLike && !isPlain(v)) found.push(path.join('.'));
      return;
    }
    if (v === null || typeof v !== 'object') return;
    const isArray = Array.isArray(v);
    for (const [key, item] of Object.entries(v)) {
      // Array items inherit their array's name (`commandIds.0`).
      walk(item, [...path, key], isArray ? idLike : ID_LIKE.test(key), depth + 1);
    }
  };
  walk(value, [], false, 0);
  return found;
}
