// @vitest-environment jsdom
import { act, cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { renderPage } from '../docs/testUtils';
import { BrowserNotice } from './BrowserNotice';

const androidChrome =
  'Mozilla/5.0 (Linux; Android 14; Pixel 7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Mobile Safari/537.36';
const desktopChrome = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36';

afterEach(cleanup);

/** A speech test the test settles by hand. */
function heldSpeechTest() {
  let settle: (answers: boolean) => void = () => {};
  const run = vi.fn(() => new Promise<boolean>((resolve) => (settle = resolve)));
  return { run, settle: (answers: boolean) => act(async () => settle(answers)) };
}

describe('BrowserNotice: the speech test is part of detecting embedded browsers', () => {
  it('Chrome for Android whose speech engine does not answer is blocked as an embedded browser', async () => {
    const speech = heldSpeechTest();
    await renderPage(<BrowserNotice userAgent={androidChrome} speechTest={speech.run} />);
    expect(speech.run).toHaveBeenCalledTimes(1);
    // Usable while the test runs.
    expect(screen.queryByTestId('browser-notice')).toBeNull();
    await speech.settle(false);
    expect(screen.getByTestId('browser-notice')).toHaveTextContent('You are viewing this page inside an embedded browser.');
  });

  it('Chrome for Android whose speech engine answers is left alone', async () => {
    const speech = heldSpeechTest();
    await renderPage(<BrowserNotice userAgent={androidChrome} speechTest={speech.run} />, { lang: 'zh' });
    await speech.settle(true);
    expect(screen.queryByTestId('browser-notice')).toBeNull();
  });

  it('desktop browsers do not take the speech test', async () => {
    const speech = heldSpeechTest();
    await renderPage(<BrowserNotice userAgent={desktopChrome} speechTest={speech.run} />);
    expect(speech.run).not.toHaveBeenCalled();
    expect(screen.queryByTestId('browser-notice')).toBeNull();
  });
});
