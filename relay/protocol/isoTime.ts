/**
 * `date.toISOString()` for the relay's hot path: every event's time is written several times per round trip (its live
 * copy, the group commit's parameter, the stored copy's notice). V8 formats each through its date cache and `snprintf`,
 * which Linux perf put at ~3 % of the relay's main thread in a one-pair round trip. Here the day's part
 * ("2026-11-30T") is V8's own, kept until the day changes, and the time of day is put together from tables; a time
 * formatted twice in a row (one event's copies) is answered from the last call.
 *
 * The same text as `toISOString` for every time from 1970 to 9999 (isoTime.test.ts compares them); any other, an
 * invalid date included, goes to `toISOString` itself (which throws RangeError for an invalid one).
 */
const DAY_MS = 86_400_000;
/** The first millisecond of year 10000: from there on, `toISOString` writes a signed six-digit year. */
const YEAR_10000 = 253_402_300_800_000;

const TWO = Array.from({ length: 60 }, (_, i) => String(i).padStart(2, '0'));
const THREE = Array.from({ length: 1000 }, (_, i) => String(i).padStart(3, '0'));

let dayStart = Number.NaN;
let dayPrefix = '';
let lastMs = Number.NaN;
let lastText = '';

export function isoTime(date: Date): string {
  const ms = date.getTime();
  if (ms === lastMs) return lastText;
  if (!(ms >= 0 && ms < YEAR_10000)) return date.toISOString();
  let into = ms - dayStart;
  if (!(into >= 0 && into < DAY_MS)) {
    dayStart = ms - (ms % DAY_MS);
    dayPrefix = new Date(dayStart).toISOString().slice(0, 11);
    into = ms - dayStart;
  }
  const seconds = Math.floor(into / 1000);
  lastText = `${dayPrefix}${TWO[Math.floor(seconds / 3600)]}:${TWO[Math.floor(seconds / 60) % 60]}:${TWO[seconds % 60]}.${THREE[into % 1000]}Z`;
  lastMs = ms;
  return lastText;
}
