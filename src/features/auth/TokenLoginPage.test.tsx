// @vitest-environment jsdom
import { cleanup, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { renderPage } from '../docs/testUtils';
import TokenLoginPage from './TokenLoginPage';

/** Test stand-in for the network: a token login without a code must not call it at all. */
const fetchStandIn = vi.fn(async () => new Response('{}', { status: 500 }));

beforeEach(() => {
  fetchStandIn.mockClear();
  vi.stubGlobal('fetch', fetchStandIn);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('spec §5 Token login', () => {
  it.each([
    ['en', '/token-login', 'missing required parameter: code'],
    ['en', '/token-login?code=', 'missing required parameter: code'],
    ['en', '/token-login?redirect=%2Fpricing', 'missing required parameter: code'],
    ['zh', '/zh/token-login', '缺少必需参数：code'],
  ] as const)('%s %s: requires a code query parameter', async (lang, url, message) => {
    history.replaceState(null, '', url);
    await renderPage(<TokenLoginPage />, { lang });
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
    expect(screen.getByTestId('token-login')).toHaveAttribute('data-phase', 'error');
    expect(fetchStandIn).not.toHaveBeenCalled();
  });
});
