/**
 * zod's object fast path compiles parsers with `new Function`, which the relay's CSP (script-src 'self') forbids and
 * reports as a violation. Its JIT flag is read when a schema is BUILT, so jitless mode must be on before any module
 * that defines a schema is evaluated: src/main.tsx imports this module first (ES modules evaluate in import order).
 * The flag lives in zod's core, shared by zod/mini (first load) and full zod (lazy chunks); zod/mini keeps it small.
 */
import * as z from 'zod/mini';

z.config({ jitless: true });
