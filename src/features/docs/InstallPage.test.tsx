// @vitest-environment jsdom
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { queryKeys } from '../../shared/api/queryKeys';
import { INSTALL_DOC } from './install/api';
import { SCROLL_TO_BOTTOM_DELAY_MS } from './install/useScrollToBottom';
import InstallPage from './InstallPage';
import { fakeFetch, renderPage, testQueryClient } from './testUtils';

// Highlighting is covered in markdown/highlighter.test.ts; here the code blocks stay plain.
vi.mock('./markdown/highlighter', () => ({ highlightTokens: async () => null }));

const GUIDE = '# Install Tern\n\nNeeds Node.js 20 or newer.\n\n## Install the CLI\n\n```bash\nnpm install -g tern\n```\n';

beforeEach(() => {
  history.replaceState(null, '', '/install');
  vi.spyOn(window, 'scrollTo').mockImplementation(() => {});
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('InstallPage', () => {
  it('shows a loading state, then the guide of the current language', async () => {
    let release!: () => void;
    const fetch = vi.fn(
      fakeFetch({
        '/install/zh/guide.md': () =>
          new Promise<Response>((resolve) => (release = () => resolve(new Response('# 安装 Tern\n\n需要 Node.js 20。')))),
      }),
    );
    vi.stubGlobal('fetch', fetch);
    await renderPage(<InstallPage />, { lang: 'zh' });

    expect(screen.getByTestId('markdown-loading')).toHaveAttribute('role', 'status');
    expect(screen.getByText('正在加载指南…')).toBeInTheDocument();
    await waitFor(() => expect(fetch).toHaveBeenCalled());
    expect(String(fetch.mock.calls[0]![0])).toBe('/install/zh/guide.md');

    act(() => release());
    expect(await screen.findByRole('heading', { level: 1, name: '安装 Tern' })).toBeInTheDocument();
    expect(screen.queryByTestId('markdown-loading')).not.toBeInTheDocument();
  });

  it('renders markdown: headings with anchors, a table of contents, code blocks and router links', async () => {
    vi.stubGlobal(
      'fetch',
      fakeFetch({ '/install/en/guide.md': () => new Response(`${GUIDE}\nSee [help](/help) and [Node.js](https://nodejs.org/).\n`) }),
    );
    await renderPage(<InstallPage />);

    const h2 = await screen.findByRole('heading', { level: 2, name: 'Install the CLI' });
    expect(h2).toHaveAttribute('id', 'install-the-cli');
    expect(screen.getByRole('navigation', { name: 'On this page' })).toContainElement(
      screen.getByRole('link', { name: 'Install the CLI' }),
    );
    expect(screen.getByText('npm install -g tern')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Copy code to clipboard' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'help' })).toHaveAttribute('href', '/help');
    expect(screen.getByRole('link', { name: 'Node.js' })).toHaveAttribute('target', '_blank');
    expect(screen.getByRole('link', { name: 'Node.js' })).toHaveAttribute('rel', 'noopener noreferrer');
  });

  it('shows the "Failed to load content" alert on an error, and retry loads the guide', async () => {
    let fail = true;
    vi.stubGlobal(
      'fetch',
      fakeFetch({ '/install/en/guide.md': () => (fail ? new Response('Not found', { status: 404 }) : new Response(GUIDE)) }),
    );
    await renderPage(<InstallPage />);

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Failed to load content');
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Install Tern' })).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('shows the Chinese error message', async () => {
    vi.stubGlobal('fetch', fakeFetch({}));
    await renderPage(<InstallPage />, { lang: 'zh' });
    expect(await screen.findByRole('alert')).toHaveTextContent('内容加载失败');
  });

  it('scrolls to the bottom 300 ms after the guide is shown when the navigation state asks for it', async () => {
    history.replaceState({ scrollToBottom: true }, '', '/install');
    vi.stubGlobal('fetch', fakeFetch({ '/install/en/guide.md': () => new Response(GUIDE) }));
    const client = testQueryClient();
    client.setQueryData(queryKeys.docs.markdown('en', INSTALL_DOC), GUIDE);
    vi.useFakeTimers();
    await act(async () => {
      await renderPage(<InstallPage />, { client });
    });
    expect(screen.getByRole('heading', { level: 1, name: 'Install Tern' })).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(SCROLL_TO_BOTTOM_DELAY_MS - 1));
    expect(window.scrollTo).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(1));
    expect(window.scrollTo).toHaveBeenCalledTimes(1);
    expect(window.scrollTo).toHaveBeenCalledWith(expect.objectContaining({ top: document.documentElement.scrollHeight }));
    act(() => vi.advanceTimersByTime(5000));
    expect(window.scrollTo).toHaveBeenCalledTimes(1);
  });

  it('does not scroll without the navigation state', async () => {
    vi.stubGlobal('fetch', fakeFetch({ '/install/en/guide.md': () => new Response(GUIDE) }));
    const client = testQueryClient();
    client.setQueryData(queryKeys.docs.markdown('en', INSTALL_DOC), GUIDE);
    vi.useFakeTimers();
    await act(async () => {
      await renderPage(<InstallPage />, { client });
    });
    act(() => vi.advanceTimersByTime(2000));
    expect(window.scrollTo).not.toHaveBeenCalled();
  });
});
