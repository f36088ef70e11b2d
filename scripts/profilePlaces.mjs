/**
 * What the profile summaries share (profile-summary.mjs for V8's profiles, perf-summary.mjs for Linux perf): where a
 * piece of code lives, from its script's URL, and their command-line options.
 */

/** Where the code of script `url` lives: a package under node_modules, one of Node's internals, or Tern's own file. */
export function placeOfUrl(url) {
  const modules = url.lastIndexOf('node_modules/');
  if (modules >= 0) {
    const rest = url.slice(modules + 'node_modules/'.length).split('/');
    return rest[0].startsWith('@') ? `${rest[0]}/${rest[1]}` : rest[0];
  }
  if (url.startsWith('node:')) return `node:${url.slice(5).split('/')[0]}`;
  const tern = url.match(/\/((?:relay|tests|src|scripts)\/.*)$/);
  return tern ? tern[1] : url;
}

/**
 * The arguments that are not options (nor the values of `valued` options), and `option(name, fallback)` for the value
 * given after `--name`.
 */
export function commandLine(args, valued) {
  const takesValue = new Set(valued.map((name) => `--${name}`));
  return {
    positional: args.filter((a, i) => !a.startsWith('--') && !takesValue.has(args[i - 1])),
    option(name, fallback) {
      const at = args.indexOf(`--${name}`);
      return at >= 0 ? args[at + 1] : fallback;
    },
  };
}
