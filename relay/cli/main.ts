import { hostname, platform } from 'node:os';
import { parseArgs } from 'node:util';

import { cliVersion, modelConfigFrom, relayUrlFrom, ternHome } from './config';
import { Connector } from './connector';
import { type Credential, deleteCredential, instanceIdFor, loadCredential, saveCredential } from './credentials';
import { acquireInstanceLock, type InstanceLock, InstanceLockedError, instanceLockFile } from './instanceLock';
import { createLoginLink, pollPairing, RelayHttpError, requestPairing, terminalQr } from './pairing';

export const USAGE = `tern — terminal AI coding assistant (reference CLI, cloud mode)

Usage:
  tern --cloud [--relay <url>]     connect this working directory to the relay for remote control
  tern --print-login-link          print a one-time link that signs a browser in as this CLI's user
  tern logout                      forget the stored credential (pair again next time)
  tern --help | --version

Options:
  --cloud               cloud mode: pair if needed, then stay connected (Ctrl-C to quit)
  --relay <url>         relay base URL (default: $TERN_RELAY_URL or http://127.0.0.1:8080)
  --print-login-link    with --cloud: also print the sign-in link once connected

Environment:
  TERN_RELAY_URL   relay base URL
  TERN_HOME        where credentials, instance ids, outboxes and sessions live (default ~/.tern)
  TERN_MODEL_URL   OpenAI-compatible API base URL, e.g. https://api.openai.com/v1 (without it only !commands
                   and slash commands work)
  TERN_MODEL       model name (default gpt-4o-mini)
  TERN_MODELS      more models (comma-separated) a session may switch to from the console
  TERN_API_KEY     API key sent as a Bearer token
  TERN_TOKEN       use this CLI token instead of pairing (scripts, CI); nothing is stored`;

export interface MainIo {
  out: (line: string) => void;
  err: (line: string) => void;
  env: NodeJS.ProcessEnv;
  cwd: string;
}

const defaultIo: MainIo = {
  out: (line) => process.stdout.write(line + '\n'),
  err: (line) => process.stderr.write(line + '\n'),
  env: process.env,
  cwd: process.cwd(),
};

const stamp = () => new Date().toTimeString().slice(0, 8);

/** Pairs this machine with the relay (device-code flow): prints the URL and a QR code, polls until decided. */
export async function pair(relayUrl: string, io: MainIo): Promise<Credential | null> {
  let pairing;
  for (let attempt = 0; !pairing; attempt++) {
    try {
      pairing = await requestPairing(relayUrl, { hostname: hostname() || 'unknown', platform: platform() });
    } catch (error) {
      if (error instanceof RelayHttpError) {
        io.err(`Could not start pairing with ${relayUrl}: ${error.message} (${error.code})`);
        return null;
      }
      // The relay is not reachable (yet): keep trying with backoff.
      if (attempt === 0 || attempt % 5 === 0) {
        io.err(`[${stamp()}] Relay ${relayUrl} unreachable (${error instanceof Error ? error.message : String(error)}); retrying …`);
      }
      await new Promise((resolve) => setTimeout(resolve, Math.min(30_000, 1000 * 2 ** Math.min(attempt, 5))));
    }
  }
  io.out('');
  io.out('Pair this CLI with your Tern account: open this link on a signed-in device and approve');
  io.out('');
  io.out(`  ${pairing.verificationUrl}`);
  io.out('');
  io.out(`  code ${pairing.pairingCode} — expires in ${Math.round(pairing.expiresIn / 60)} min`);
  try {
    io.out(await terminalQr(pairing.verificationUrl));
  } catch {
    // no QR code is fine; the link is printed
  }
  io.out('Waiting for approval …');
  const outcome = await pollPairing(relayUrl, pairing, {
    onUnreachable: (e) => io.err(`[${stamp()}] relay unreachable while waiting (${e.message}); still trying …`),
  });
  if (outcome.status === 'approved') {
    const credential: Credential = { relayUrl, token: outcome.token, user: outcome.user };
    return credential;
  }
  io.err(outcome.status === 'denied' ? 'Pairing was denied.' : 'The pairing code expired. Run `tern --cloud` again.');
  return null;
}

export async function main(argv: string[], io: MainIo = defaultIo): Promise<number> {
  let parsed;
  try {
    parsed = parseArgs({
      args: argv,
      allowPositionals: true,
      options: {
        cloud: { type: 'boolean' },
        relay: { type: 'string' },
        'print-login-link': { type: 'boolean' },
        help: { type: 'boolean', short: 'h' },
        version: { type: 'boolean', short: 'v' },
      },
    });
  } catch (error) {
    io.err(error instanceof Error ? error.message : String(error));
    io.err(USAGE);
    return 2;
  }
  const { values, positionals } = parsed;
  if (values.help) {
    io.out(USAGE);
    return 0;
  }
  if (values.version) {
    io.out(cliVersion());
    return 0;
  }
  const home = ternHome(io.env);
  const relayUrl = relayUrlFrom(values.relay, io.env);

  if (positionals[0] === 'logout') {
    io.out(deleteCredential(home) ? `Logged out: removed ${home}/credentials.json.` : 'Not paired; nothing to remove.');
    return 0;
  }
  if (positionals.length > 0) {
    io.err(`Unknown command: ${positionals.join(' ')}`);
    io.err(USAGE);
    return 2;
  }

  if (values['print-login-link'] && !values.cloud) {
    const credential = loadCredential(home);
    if (!credential) {
      io.err('Not paired yet. Run `tern --cloud` first.');
      return 1;
    }
    try {
      io.out(await createLoginLink(credential.relayUrl, credential.token));
      return 0;
    } catch (error) {
      io.err(`Could not get a sign-in link: ${error instanceof Error ? error.message : String(error)}`);
      if (error instanceof RelayHttpError && error.status === 401)
        io.err('The stored token is no longer valid; run `tern --cloud` to pair again.');
      return 1;
    }
  }
  if (!values.cloud) {
    io.out(USAGE);
    io.out('');
    io.out('This reference CLI only has cloud mode: run `tern --cloud`.');
    return 2;
  }
  return runCloud({ home, relayUrl, printLoginLink: values['print-login-link'] === true }, io);
}

async function runCloud(opts: { home: string; relayUrl: string; printLoginLink: boolean }, io: MainIo): Promise<number> {
  const { home } = opts;
  const instanceId = instanceIdFor(home, io.cwd);
  let lock: InstanceLock;
  try {
    lock = acquireInstanceLock(home, instanceId);
  } catch (error) {
    if (!(error instanceof InstanceLockedError)) throw error;
    io.err(`${error.message}.`);
    io.err(`Stop that one first (Ctrl-C in its terminal). If no tern runs there, delete ${instanceLockFile(home, instanceId)}.`);
    return 1;
  }
  const releaseOnExit = () => lock.release();
  process.on('exit', releaseOnExit);
  try {
    return await runConnected(opts, instanceId, io);
  } finally {
    lock.release();
    process.off('exit', releaseOnExit);
  }
}

async function runConnected(
  opts: { home: string; relayUrl: string; printLoginLink: boolean },
  instanceId: string,
  io: MainIo,
): Promise<number> {
  const { home, relayUrl } = opts;
  const model = modelConfigFrom(io.env);
  const log = (line: string) => io.out(`[${stamp()}] ${line}`);
  log(
    model
      ? `Model: ${model.model} at ${model.baseUrl}`
      : 'No model configured (TERN_MODEL_URL unset): only !commands and slash commands work.',
  );

  const envToken = io.env.TERN_TOKEN?.trim();
  for (;;) {
    let token: string;
    if (envToken) {
      // Scripts and CI: a token from `npm run admin -- cli-token …`, never stored, never re-paired.
      token = envToken;
      log(`Using the CLI token from TERN_TOKEN with ${relayUrl}.`);
    } else {
      let credential = loadCredential(home);
      if (credential && credential.relayUrl !== relayUrl) {
        log(`The stored credential is for ${credential.relayUrl}; pairing with ${relayUrl}.`);
        credential = null;
      }
      if (!credential) {
        credential = await pair(relayUrl, io);
        if (!credential) return 1;
        saveCredential(home, credential);
      }
      log(`Paired as ${credential.user.username} with ${relayUrl}.`);
      token = credential.token;
    }
    if (opts.printLoginLink) {
      try {
        log(`Sign-in link: ${await createLoginLink(relayUrl, token)}`);
      } catch (error) {
        log(`Could not get a sign-in link: ${error instanceof Error ? error.message : String(error)}`);
      }
    }

    const result = await new Promise<'unauthorized' | 'fatal' | 'quit'>((resolve) => {
      const connector = new Connector({
        relayUrl,
        token,
        instanceId,
        home,
        cwd: io.cwd,
        model,
        log,
        onUnauthorized: () => {
          process.off('SIGINT', quit);
          process.off('SIGTERM', quit);
          resolve('unauthorized');
        },
        onFatal: (reason) => {
          process.off('SIGINT', quit);
          process.off('SIGTERM', quit);
          io.err(`tern: ${reason}.`);
          resolve('fatal');
        },
        loginLink: () => createLoginLink(relayUrl, token),
      });
      let quitting = false;
      const quit = () => {
        if (quitting) {
          process.exit(130);
        }
        quitting = true;
        log('Shutting down (press Ctrl-C again to force) …');
        void connector.stop(3000).then(() => resolve('quit'));
      };
      process.on('SIGINT', quit);
      process.on('SIGTERM', quit);
      connector.start();
    });
    if (result === 'quit') return 0;
    if (result === 'fatal') return 1;
    if (envToken) {
      io.err('The relay refused the token in TERN_TOKEN.');
      return 1;
    }
    deleteCredential(home);
    log('The stored credential was removed; pairing again.');
  }
}
