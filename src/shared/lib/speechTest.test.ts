import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { checkBrowser } from './browserCheck';
import {
  needsSpeechTest,
  SPEECH_UTTERANCE_TIMEOUT_MS,
  SPEECH_VOICES_TIMEOUT_MS,
  type SpeechEngine,
  speechEngineAnswers,
} from './speechTest';

/** A scripted speech engine: `voices` is what getVoices() returns; the test fires its events by hand. */
class FakeEngine extends EventTarget implements SpeechEngine {
  voices: SpeechSynthesisVoice[] = [];
  spoken: FakeUtterance[] = [];
  cancelled = 0;
  getVoices = () => this.voices;
  speak = (u: SpeechSynthesisUtterance) => void this.spoken.push(u as unknown as FakeUtterance);
  cancel = () => void (this.cancelled += 1);
}
class FakeUtterance extends EventTarget {
  volume = 1;
}
const voice = { name: 'Google US English', lang: 'en-US' } as SpeechSynthesisVoice;
const makeUtterance = () => new FakeUtterance() as unknown as SpeechSynthesisUtterance;

/** Runs the test and reports whether it has settled, and how, as fake time advances. */
function start(engine: SpeechEngine | undefined) {
  const state: { settled: boolean; result?: boolean } = { settled: false };
  void speechEngineAnswers(engine, makeUtterance).then((r) => Object.assign(state, { settled: true, result: r }));
  return state;
}

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('spec §9 speech test: 2 s for voices, then 1 s for an utterance', () => {
  it('uses the two timeouts of the spec', () => {
    expect([SPEECH_VOICES_TIMEOUT_MS, SPEECH_UTTERANCE_TIMEOUT_MS]).toEqual([2000, 1000]);
  });

  it('the silent utterance waits for the first user activation (Chrome deprecates speak() before one)', async () => {
    const engine = new FakeEngine();
    let activate = () => {};
    const activation = new Promise<void>((resolve) => (activate = resolve));
    const state: { settled: boolean; result?: boolean } = { settled: false };
    void speechEngineAnswers(engine, makeUtterance, activation).then((r) => Object.assign(state, { settled: true, result: r }));
    await vi.advanceTimersByTimeAsync(SPEECH_VOICES_TIMEOUT_MS + 5000);
    expect(engine.spoken).toHaveLength(0);
    expect(state.settled).toBe(false);
    activate();
    await vi.advanceTimersByTimeAsync(0);
    expect(engine.spoken).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(SPEECH_UTTERANCE_TIMEOUT_MS);
    expect(state).toEqual({ settled: true, result: false });
  });

  it('no speech engine at all fails at once (Android WebView has none)', async () => {
    await expect(speechEngineAnswers(undefined, makeUtterance)).resolves.toBe(false);
  });

  it('voices already loaded pass at once, without speaking', async () => {
    const engine = new FakeEngine();
    engine.voices = [voice];
    await expect(speechEngineAnswers(engine, makeUtterance)).resolves.toBe(true);
    expect(engine.spoken).toHaveLength(0);
  });

  it('voices announced within 2 s pass', async () => {
    const engine = new FakeEngine();
    const state = start(engine);
    await vi.advanceTimersByTimeAsync(1500);
    expect(state.settled).toBe(false);
    engine.voices = [voice];
    engine.dispatchEvent(new Event('voiceschanged'));
    await vi.advanceTimersByTimeAsync(0);
    expect(state).toEqual({ settled: true, result: true });
    expect(engine.spoken).toHaveLength(0);
  });

  it('no voices after 2 s: a silent utterance that reports an error within 1 s passes', async () => {
    const engine = new FakeEngine();
    const state = start(engine);
    await vi.advanceTimersByTimeAsync(SPEECH_VOICES_TIMEOUT_MS - 1);
    expect(engine.spoken).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(engine.spoken).toHaveLength(1);
    expect(engine.spoken[0]!.volume).toBe(0);
    await vi.advanceTimersByTimeAsync(400);
    engine.spoken[0]!.dispatchEvent(new Event('error'));
    await vi.advanceTimersByTimeAsync(0);
    expect(state).toEqual({ settled: true, result: true });
    expect(engine.cancelled).toBe(1);
  });

  it('an engine that never answers fails after 2 s + 1 s, not before', async () => {
    const engine = new FakeEngine();
    const state = start(engine);
    await vi.advanceTimersByTimeAsync(SPEECH_VOICES_TIMEOUT_MS + SPEECH_UTTERANCE_TIMEOUT_MS - 1);
    expect(state.settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(state).toEqual({ settled: true, result: false });
  });

  it('a voice list that arrives empty goes straight to the utterance, which then has 1 s', async () => {
    const engine = new FakeEngine();
    const state = start(engine);
    await vi.advanceTimersByTimeAsync(100);
    engine.dispatchEvent(new Event('voiceschanged'));
    await vi.advanceTimersByTimeAsync(0);
    expect(engine.spoken).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(SPEECH_UTTERANCE_TIMEOUT_MS - 1);
    expect(state.settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(state).toEqual({ settled: true, result: false });
  });

  it('an engine that throws fails', async () => {
    const engine = new FakeEngine();
    engine.getVoices = () => {
      throw new Error('not allowed');
    };
    await expect(speechEngineAnswers(engine, makeUtterance)).resolves.toBe(false);
  });
});

describe('which browsers take the speech test', () => {
  it.each([
    [
      'Chrome for Android',
      'Mozilla/5.0 (Linux; Android 14; Pixel 7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Mobile Safari/537.36',
      true,
    ],
    [
      'Samsung Internet',
      'Mozilla/5.0 (Linux; Android 13; SM-S911B) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/23.0 Chrome/115.0.0.0 Mobile Safari/537.36',
      true,
    ],
    ['Firefox for Android', 'Mozilla/5.0 (Android 14; Mobile; rv:121.0) Gecko/121.0 Firefox/121.0', false],
    [
      'desktop Chrome',
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36',
      false,
    ],
    [
      'Safari on iPhone',
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1',
      false,
    ],
    // Already known to be embedded from the user agent: blocked without the test.
    [
      'Android WebView (wv)',
      'Mozilla/5.0 (Linux; Android 13; Pixel 7 Build/TQ3A; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/116.0.0.0 Mobile Safari/537.36',
      false,
    ],
  ])('%s → %s', (_name, ua, expected) => {
    expect(needsSpeechTest(ua, checkBrowser(ua))).toBe(expected);
  });
});
