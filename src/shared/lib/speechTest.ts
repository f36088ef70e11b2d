/**
 * Spec §9 "speech test timeouts in browser check: 2 s and 1 s". Some in-app webviews send a user agent that is
 * indistinguishable from Chrome for Android, but they lack Chrome's speech engine: Android WebView has no Web Speech
 * synthesis at all, or a stub that never loads a voice and never answers an utterance. A full browser answers within
 * the two timeouts: its voice list arrives (2 s), or, when it has no voices, it reports the outcome of a silent
 * utterance (start, end or an error such as "synthesis-failed" or "not-allowed") within 1 s.
 */
import type { BrowserCheck } from './browserCheck';

export const SPEECH_VOICES_TIMEOUT_MS = 2000;
export const SPEECH_UTTERANCE_TIMEOUT_MS = 1000;

export type SpeechEngine = Pick<SpeechSynthesis, 'getVoices' | 'speak' | 'cancel' | 'addEventListener' | 'removeEventListener'>;
export type MakeUtterance = () => SpeechSynthesisUtterance;

/** Only a user agent that claims to be Chrome on Android and passed the string checks needs the speech test. */
export function needsSpeechTest(userAgent: string, check: BrowserCheck): boolean {
  if (check.embedded !== null) return false;
  return /Android/i.test(userAgent) && /Chrome\/\d+/.test(userAgent) && !/Firefox\//.test(userAgent);
}

/** Resolves true on the first of `events` on `target`, false after `ms`. */
function firstEvent(
  target: Pick<EventTarget, 'addEventListener' | 'removeEventListener'>,
  events: readonly string[],
  ms: number,
): Promise<boolean> {
  return new Promise((resolve) => {
    const done = (answered: boolean) => {
      clearTimeout(timer);
      for (const name of events) target.removeEventListener(name, onEvent);
      resolve(answered);
    };
    const onEvent = () => done(true);
    const timer = setTimeout(() => done(false), ms);
    for (const name of events) target.addEventListener(name, onEvent);
  });
}

/**
 * True when a real speech engine answers within 2 s (voices) and then 1 s (a silent utterance). The utterance waits
 * for `activation` (by default resolved at once): Chrome deprecates speak() before the page's first user activation,
 * so the browser check speaks only after the visitor's first tap or key (see browserSpeechEngineAnswers).
 */
export async function speechEngineAnswers(
  engine: SpeechEngine | undefined,
  makeUtterance: MakeUtterance | undefined,
  activation: Promise<void> = Promise.resolve(),
): Promise<boolean> {
  if (!engine || !makeUtterance) return false;
  try {
    if (engine.getVoices().length > 0) return true;
    // Voices load asynchronously; a full browser announces them with voiceschanged.
    if ((await firstEvent(engine, ['voiceschanged'], SPEECH_VOICES_TIMEOUT_MS)) && engine.getVoices().length > 0) return true;
    // No voices (a desktop without speech packages, a headless browser): a real engine still reports on an utterance.
    await activation;
    const utterance = makeUtterance();
    utterance.volume = 0;
    const answered = firstEvent(utterance, ['start', 'end', 'error'], SPEECH_UTTERANCE_TIMEOUT_MS);
    engine.speak(utterance);
    const result = await answered;
    engine.cancel();
    return result;
  } catch {
    return false;
  }
}

const activationEvents = ['pointerdown', 'keydown', 'touchend', 'click'] as const;

/** Resolves once the page has had a user activation (a tap, click or key): at once if it already has. */
export function firstUserActivation(): Promise<void> {
  if (typeof navigator !== 'undefined' && navigator.userActivation?.hasBeenActive) return Promise.resolve();
  return new Promise((resolve) => {
    const done = () => {
      for (const name of activationEvents) removeEventListener(name, done, { capture: true });
      resolve();
    };
    for (const name of activationEvents) addEventListener(name, done, { capture: true });
  });
}

/** The speech test against the browser's own engine; its utterance waits for the visitor's first activation. */
export function browserSpeechEngineAnswers(): Promise<boolean> {
  const engine = typeof speechSynthesis === 'undefined' ? undefined : speechSynthesis;
  const make = typeof SpeechSynthesisUtterance === 'undefined' ? undefined : () => new SpeechSynthesisUtterance(' ');
  return speechEngineAnswers(engine, make, firstUserActivation());
}
