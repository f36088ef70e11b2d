// @vitest-environment jsdom
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

import type { ChangelogEntry, ChangelogResponse } from '#protocol/changelog';
import type { Language } from '#protocol/languages';

import ChangelogPage from './ChangelogPage';
import { fakeFetch, renderPage } from './testUtils';

const entry = (version: string, date: string, over: Partial<ChangelogEntry> = {}): ChangelogEntry => ({
  version,
  date,
  title: `Release ${version}`,
  summary: `Summary of ${version}`,
  features: [`Feature of ${version}`],
  improvements: [`Improvement of ${version}`],
  fixes: [`Fix of ${version}`],
  ...over,
});

const body = (lang: Language, page: number, entries: ChangelogEntry[], hasMore: boolean, total = entries.length): ChangelogResponse => ({
  success: true,
  data: { lang, entries, page, pageSize: 2, total, hasMore },
});

const json = (value: unknown, status = 200) =>
  new Response(JSON.stringify(value), { status, headers: { 'Content-Type': 'application/json' } });

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('ChangelogPage', () => {
  it('shows a loading state, then releases with their three categories', async () => {
    let release!: () => void;
    vi.stubGlobal(
      'fetch',
      fakeFetch({
        '/api/changelog': () =>
          new Promise<Response>(
            (resolve) =>
              (release = () =>
                resolve(json(body('en', 1, [entry('0.2.0', '2026-11-20'), entry('0.1.0', '2026-11-01', { fixes: [] })], false)))),
          ),
      }),
    );
    await renderPage(<ChangelogPage />);

    expect(screen.getByTestId('changelog-loading')).toHaveAttribute('role', 'status');
    await waitFor(() => expect(release).toBeTypeOf('function'));
    act(() => release());

    const entries = await screen.findAllByTestId('changelog-entry');
    expect(entries).toHaveLength(2);
    const first = within(entries[0]!);
    expect(first.getByRole('heading', { level: 2, name: 'Release 0.2.0' })).toBeInTheDocument();
    expect(first.getByText('v0.2.0')).toBeInTheDocument();
    expect(first.getByText('Latest')).toBeInTheDocument();
    expect(first.getByText('November 20, 2026')).toHaveAttribute('datetime', '2026-11-20');
    for (const category of ['New Features', 'Improvements', 'Bug Fixes'])
      expect(first.getByRole('heading', { level: 3, name: category })).toBeInTheDocument();
    expect(first.getByText('Fix of 0.2.0')).toBeInTheDocument();
    // An empty category is left out.
    expect(within(entries[1]!).queryByRole('heading', { name: 'Bug Fixes' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'See more releases' })).not.toBeInTheDocument();
    expect(screen.getByText('That is every release so far.')).toBeInTheDocument();
  });

  it('asks for the page language and shows Chinese categories', async () => {
    const fetch = vi.fn(
      fakeFetch({ '/api/changelog': () => json(body('zh', 1, [entry('0.2.0', '2026-11-20', { title: '新版本' })], false)) }),
    );
    vi.stubGlobal('fetch', fetch);
    await renderPage(<ChangelogPage />, { lang: 'zh' });

    expect(await screen.findByRole('heading', { level: 2, name: '新版本' })).toBeInTheDocument();
    expect(String(fetch.mock.calls[0]![0])).toContain('lang=zh');
    for (const category of ['新功能', '改进', '问题修复'])
      expect(screen.getByRole('heading', { level: 3, name: category })).toBeInTheDocument();
    expect(screen.getByText('2026年11月20日')).toBeInTheDocument();
  });

  it('shows the empty state when there are no releases', async () => {
    vi.stubGlobal('fetch', fakeFetch({ '/api/changelog': () => json(body('en', 1, [], false)) }));
    await renderPage(<ChangelogPage />);
    expect(await screen.findByTestId('changelog-empty')).toHaveTextContent('No releases have been published yet.');
  });

  it('shows "unable to load" with a retry that recovers', async () => {
    let fail = true;
    vi.stubGlobal(
      'fetch',
      fakeFetch({
        '/api/changelog': () =>
          fail ? json({ success: false, code: 'X', message: 'down' }, 500) : json(body('en', 1, [entry('0.1.0', '2026-11-01')], false)),
      }),
    );
    await renderPage(<ChangelogPage />);

    expect(await screen.findByRole('alert')).toHaveTextContent('Unable to load the changelog.');
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('heading', { level: 2, name: 'Release 0.1.0' })).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('treats a body that breaks the protocol as an error', async () => {
    vi.stubGlobal('fetch', fakeFetch({ '/api/changelog': () => json({ success: true, data: { entries: 'nope' } }) }));
    await renderPage(<ChangelogPage />);
    expect(await screen.findByRole('alert')).toHaveTextContent('Unable to load the changelog.');
  });

  it('loads the next page with the see-more button until there is no more', async () => {
    const fetch = vi.fn(
      fakeFetch({
        '/api/changelog': (url) =>
          url.searchParams.get('page') === '2'
            ? json(body('en', 2, [entry('0.1.0', '2026-10-01')], false, 3))
            : json(body('en', 1, [entry('0.3.0', '2026-11-20'), entry('0.2.0', '2026-11-01')], true, 3)),
      }),
    );
    vi.stubGlobal('fetch', fetch);
    await renderPage(<ChangelogPage />);

    expect(await screen.findAllByTestId('changelog-entry')).toHaveLength(2);
    fireEvent.click(screen.getByRole('button', { name: 'See more releases' }));
    await waitFor(() => expect(screen.getAllByTestId('changelog-entry')).toHaveLength(3));
    expect(String(fetch.mock.calls[1]![0])).toContain('page=2');
    expect(screen.getByRole('heading', { level: 2, name: 'Release 0.1.0' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'See more releases' })).not.toBeInTheDocument();
    // Only the newest release is marked as the latest.
    expect(screen.getAllByText('Latest')).toHaveLength(1);
  });

  it('keeps the loaded releases and offers a retry when the next page fails', async () => {
    vi.stubGlobal(
      'fetch',
      fakeFetch({
        '/api/changelog': (url) =>
          url.searchParams.get('page') === '2'
            ? new Response('', { status: 503 })
            : json(body('en', 1, [entry('0.3.0', '2026-11-20')], true, 2)),
      }),
    );
    await renderPage(<ChangelogPage />);
    fireEvent.click(await screen.findByRole('button', { name: 'See more releases' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Unable to load the changelog.');
    expect(screen.getAllByTestId('changelog-entry')).toHaveLength(1);
  });
});
