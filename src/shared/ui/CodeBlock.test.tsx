// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';

import { i18n, initI18n } from '../i18n';
import { CodeBlock, type CodeTokens, type HighlightCode } from './CodeBlock';
import { COPIED_FOR_MS } from './useCopyText';

beforeAll(async () => {
  await initI18n('en');
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const renderBlock = (props: Partial<Parameters<typeof CodeBlock>[0]> & { highlight: HighlightCode }) =>
  render(
    <I18nextProvider i18n={i18n}>
      <CodeBlock code={'echo hi\n'} lang="bash" defaultLabel="Code" look="roomy" {...props} />
    </I18nextProvider>,
  );

function stubClipboard(writeText: (text: string) => Promise<void>) {
  const spy = vi.fn(writeText);
  vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText: spy } });
  return spy;
}

describe('CodeBlock', () => {
  it('shows the plain text first, then the highlighter tokens as spans', async () => {
    let resolve!: (tokens: CodeTokens | null) => void;
    const highlight = vi.fn<HighlightCode>(() => new Promise((r) => (resolve = r)));
    const { container } = renderBlock({ highlight });
    const pre = container.querySelector('pre')!;
    expect(pre).toHaveAttribute('data-highlighted', 'false');
    expect(pre.textContent).toBe('echo hi');
    expect(highlight).toHaveBeenCalledWith('echo hi', 'bash');

    await act(async () =>
      resolve([
        [
          { content: 'echo', color: '#ff7b72' },
          { content: ' hi', fontStyle: 1 },
        ],
      ]),
    );
    expect(pre).toHaveAttribute('data-highlighted', 'true');
    expect(pre.textContent).toBe('echo hi');
    const [word, rest] = pre.querySelectorAll('code > span > span');
    expect(word).toHaveStyle({ color: '#ff7b72' });
    expect(rest).toHaveStyle({ fontStyle: 'italic' });
  });

  it('stays plain when the language is not highlighted or the highlighter fails', async () => {
    for (const highlight of [async () => null, async () => Promise.reject(new Error('chunk failed'))]) {
      const { container, unmount } = renderBlock({ highlight });
      await act(async () => undefined);
      expect(container.querySelector('pre')).toHaveAttribute('data-highlighted', 'false');
      unmount();
    }
  });

  it('labels a block without a language with the default label', () => {
    renderBlock({ highlight: async () => null, lang: undefined, defaultLabel: 'Snippet' });
    expect(screen.getByText('Snippet')).toBeInTheDocument();
  });

  it('copies the text without the final newline and says Copied for 1.5 s, announcing it when asked', async () => {
    const writeText = stubClipboard(async () => undefined);
    renderBlock({ highlight: async () => null, copyLabel: 'Copy code to clipboard', announceCopy: true });
    vi.useFakeTimers();
    const button = screen.getByRole('button', { name: 'Copy code to clipboard' });
    await act(async () => fireEvent.click(button));
    expect(writeText).toHaveBeenCalledWith('echo hi');
    expect(button).toHaveTextContent('Copied');
    expect(document.querySelector('[aria-live="polite"]')).toHaveTextContent('Copied');
    act(() => vi.advanceTimersByTime(COPIED_FOR_MS - 1));
    expect(button).toHaveTextContent('Copied');
    act(() => vi.advanceTimersByTime(1));
    expect(button).toHaveTextContent('Copy');
    expect(document.querySelector('[aria-live="polite"]')).toHaveTextContent('');
  });

  it('keeps saying Copy when the clipboard refuses, and has no live region unless asked', async () => {
    stubClipboard(async () => Promise.reject(new Error('denied')));
    renderBlock({ highlight: async () => null, look: 'compact' });
    const button = screen.getByRole('button', { name: 'Copy' });
    await act(async () => fireEvent.click(button));
    expect(button).toHaveTextContent('Copy');
    expect(document.querySelector('[aria-live="polite"]')).toBeNull();
  });
});
