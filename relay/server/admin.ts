/**
 * Operator commands, on the relay's own storage (DATABASE_URL, else DATA_DIR/pglite — stop the relay first when it
 * uses PGlite: the embedded database belongs to one process).
 *
 *   npm run admin -- cheetah-create --email a@corp.example --password 'secret123' [--username Ada]
 *   npm run admin -- cheetah-unlock --email a@corp.example
 *   npm run admin -- user-list
 *   npm run admin -- promo-create --credits 500 --count 10 [--days 30] [--prefix WELCOME]
 *   npm run admin -- order-refund --order <order id>
 *   npm run admin -- grant-credits --email a@example.com --credits 1000
 *   npm run admin -- cli-token --email a@example.com [--label ci]
 *
 * The password may come from TERN_ADMIN_PASSWORD instead of --password, to keep it out of shell history.
 */
import { parseArgs } from 'node:util';

import { BILLING_COMMANDS, BILLING_USAGE, runBillingAdmin } from './admin/billing';
import { loadConfig } from './config';
import { AppError } from './core/appError';
import { createCheetahAccount, listUsers, unlockCheetahAccount } from './core/auth';
import { CLI_TOKEN_COMMANDS, CLI_TOKEN_USAGE, runCliTokenAdmin } from './remote/adminCliToken';
import { openStorage, storageOptions } from './storage/database';

const USAGE = `Usage:
  npm run admin -- cheetah-create --email <email> --password <password> [--username <name>]
  npm run admin -- cheetah-unlock --email <email>
  npm run admin -- user-list
${BILLING_USAGE}
${CLI_TOKEN_USAGE}`;

const out = (line: string) => process.stdout.write(line + '\n');

export async function runAdmin(argv: string[], env: NodeJS.ProcessEnv = process.env): Promise<number> {
  if (argv[0] && BILLING_COMMANDS.includes(argv[0]) && !argv.includes('--help') && !argv.includes('-h'))
    return runBillingAdmin(argv, env, out);
  if (argv[0] && CLI_TOKEN_COMMANDS.includes(argv[0]) && !argv.includes('--help') && !argv.includes('-h'))
    return runCliTokenAdmin(argv, env, out);
  const { positionals, values } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      email: { type: 'string' },
      password: { type: 'string' },
      username: { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  const command = positionals[0];
  if (values.help || !command || !['cheetah-create', 'cheetah-unlock', 'user-list'].includes(command)) {
    out(USAGE);
    return values.help ? 0 : 2;
  }
  const config = loadConfig(env);
  const storage = await openStorage(storageOptions(config, { upkeep: false }));
  const deps = { db: storage.db, now: () => new Date() };
  try {
    if (command === 'cheetah-create') {
      const password = values.password ?? env.TERN_ADMIN_PASSWORD;
      if (!values.email || !password) {
        out(USAGE);
        return 2;
      }
      const user = await createCheetahAccount(deps, { email: values.email, password, username: values.username });
      out(`Created cheetah account ${user.email} (${user.username}), id ${user.id}`);
    } else if (command === 'cheetah-unlock') {
      if (!values.email) {
        out(USAGE);
        return 2;
      }
      await unlockCheetahAccount(deps, values.email);
      out(`Unlocked ${values.email.trim().toLowerCase()}`);
    } else {
      const users = await listUsers(deps);
      out(['id', 'provider', 'email', 'username', 'created_at', 'invitation_code_used'].join('\t'));
      for (const u of users) {
        out([u.id, u.provider, u.email ?? '-', u.username, u.createdAt.toISOString(), u.invitationCodeUsed ?? '-'].join('\t'));
      }
      out(`${users.length} user(s)`);
    }
    return 0;
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

if (import.meta.url === `file://${process.argv[1]}`) {
  process.exitCode = await runAdmin(process.argv.slice(2)).catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    return 1;
  });
}
