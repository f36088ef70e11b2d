// What the relay's database workers (pgliteWorker.mjs, pgWorker.mjs) send back for an error: the fields that survive a
// message. Database errors carry their code, detail, constraint and so on (read by dataErrors.ts and the repos); PGlite's
// also carry the query's options, functions included, which cannot cross threads. Read back by workerCalls.ts toError.

/** @param {unknown} error */
export function errorData(error) {
  if (!(error instanceof Error)) return { message: String(error) };
  /** @type {Record<string, unknown>} */
  const data = { message: error.message, name: error.name, stack: error.stack };
  for (const [key, value] of Object.entries(error)) {
    if (value === null || ['string', 'number', 'boolean'].includes(typeof value)) data[key] = value;
  }
  return data;
}
