// @vitest-environment jsdom
import { cleanup, render, waitFor } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';

import { i18n, initI18n } from '../../../shared/i18n';
import ChatMarkdown from './ChatMarkdown';
import { xssCorpus } from './xssCorpus';
import { unsafeMarkup } from './xssInvariants';

beforeAll(async () => {
  await initI18n('en');
});
afterEach(cleanup);

const renderChat = (source: string) =>
  render(
    <I18nextProvider i18n={i18n}>
      <ChatMarkdown source={source} />
    </I18nextProvider>,
  ).container;

describe('chat markdown against the XSS corpus', () => {
  it('holds at least 60 distinct payloads', () => {
    expect(xssCorpus.length).toBeGreaterThanOrEqual(60);
    expect(new Set(xssCorpus.map((p) => p.name)).size).toBe(xssCorpus.length);
  });

  it.each(xssCorpus)('$name', ({ markdown, shows }) => {
    const root = renderChat(markdown);
    expect(unsafeMarkup(root)).toEqual([]);
    // Raw HTML is shown as the text it is, not dropped.
    if (shows) expect(root.textContent).toContain(shows);
  });

  it('holds for the whole corpus as one message', () => {
    const root = renderChat(xssCorpus.map((p) => p.markdown).join('\n\n'));
    expect(unsafeMarkup(root)).toEqual([]);
  });

  it('holds once code is highlighted: shiki tokens are the only styles, and the code stays text', async () => {
    const root = renderChat('Run this:\n\n```html\n<script>alert(1)</script>\n<img src=x onerror=alert(1)>\n```');
    await waitFor(() => expect(root.querySelector('pre[data-highlighted="true"]')).not.toBeNull(), { timeout: 10_000 });
    expect(root.querySelectorAll('pre span[style]').length).toBeGreaterThan(0);
    const lines = Array.from(root.querySelectorAll('pre code > span'), (line) => line.textContent);
    expect(lines).toEqual(['<script>alert(1)</script>', '<img src=x onerror=alert(1)>']);
    expect(unsafeMarkup(root)).toEqual([]);
  });
});

describe('the invariant check', () => {
  // Without this, a check that found nothing would pass every payload above.
  it('reports each kind of unsafe markup', () => {
    const root = document.createElement('div');
    root.innerHTML = [
      '<form action="https://evil.example"><input name="password"></form>',
      '<button formaction="javascript:alert(1)">x</button>',
      '<p style="position:fixed">overlay</p>',
      '<b onclick="alert(1)">x</b>',
      '<a href="javascript:alert(1)" target="_blank" rel="noopener noreferrer">x</a>',
      '<a href="https://ok.example/">no rel</a>',
      '<img src="https://evil.example/pixel.png">',
      '<img src="data:image/png;base64,AAAA">',
      '<iframe srcdoc="x"></iframe><svg></svg><meta http-equiv="refresh"><base href="https://evil.example/"><h1 id="root">x</h1>',
    ].join('');
    const problems = unsafeMarkup(root).join('\n');
    for (const expected of [
      'forbidden element <form',
      'forbidden element <input',
      'submitting button',
      'style attribute <p',
      'event handler attribute <b',
      'link with scheme javascript:',
      'link without rel="noopener noreferrer" <a href="https://ok.example/"',
      'image loaded without a click <img src="https://evil.example/pixel.png"',
      'image loaded without a click <img src="data:',
      'forbidden attribute srcdoc',
      'forbidden element <svg',
      'forbidden element <meta',
      'forbidden element <base',
      'forbidden attribute id',
    ]) {
      expect(problems).toContain(expected);
    }
  });
});
