import { parseArgs } from 'node:util';

import { emailSchema } from '../../protocol';
import { loadConfig } from '../config';
import { AppError } from '../core/appError';
import { issueCliToken } from '../core/remote/cliAuth';
import { type Database, openStorage, storageOptions } from '../storage/database';
import { createAuthRepos } from '../storage/repos';

/** Operator command for scripts and CI; dispatched from relay/server/admin.ts. */
export const CLI_TOKEN_USAGE = `  npm run admin -- cli-token --email <email> [--label <label, default "admin">]   (prints a CLI token: keep it secret)`;

export const CLI_TOKEN_COMMANDS: readonly string[] = ['cli-token'];

/** Mints a CLI token for the account with this e-mail; the user can see and revoke it in the PWA. */
export async function runCliTokenCommand(
  argv: string[],
  deps: { db: Database; now: () => Date },
  out: (line: string) => void,
): Promise<number> {
  const { values } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: { email: { type: 'string' }, label: { type: 'string' } },
  });
  const email = emailSchema.safeParse(values.email ?? '');
  if (!email.success) {
    out(`Usage:\n${CLI_TOKEN_USAGE}`);
    return 2;
  }
  const user = await createAuthRepos(deps.db).users.findByEmail(email.data);
  if (!user) throw new AppError(404, 'NOT_FOUND', `No account with e-mail ${email.data}`);
  const label = (values.label ?? 'admin').trim().slice(0, 200) || 'admin';
  const { token, row } = await issueCliToken(deps, { userId: user.id, label, origin: 'admin' });
  out(`CLI token for ${email.data} (label "${label}", id ${row.id}); revoke it in the web console:`);
  out(token);
  return 0;
}

export async function runCliTokenAdmin(argv: string[], env: NodeJS.ProcessEnv, out: (line: string) => void): Promise<number> {
  const config = loadConfig(env);
  const storage = await openStorage(storageOptions(config));
  try {
    return await runCliTokenCommand(argv, { db: storage.db, now: () => new Date() }, out);
  } catch (error) {
    if (error instanceof AppError) {
      console.error(`Error: ${error.message}`);
      return 1;
    }
    throw error;
  } finally {
    await storage.close();
  }
}
