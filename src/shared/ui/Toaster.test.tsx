// @vitest-environment jsdom
import { act, cleanup, render, screen } from '@testing-library/react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { I18nextProvider } from 'react-i18next';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';

import { i18n, initI18n } from '../i18n';
import { dismissToast, showToast, type Toast } from './toast';
import { Toaster, useShownInline, visibleToasts } from './Toaster';

beforeAll(async () => {
  await initI18n('en');
});
const shown: number[] = [];
const raise = (...args: Parameters<typeof showToast>) => act(() => void shown.push(showToast(...args)));
afterEach(() => {
  act(() => shown.splice(0).forEach(dismissToast));
  cleanup();
});

function Claim({ active }: { active: boolean }) {
  useShownInline('errors:offline', active);
  return null;
}
const page = (claim: boolean | null) =>
  render(
    <I18nextProvider i18n={i18n}>
      <Toaster />
      {claim !== null && <Claim active={claim} />}
    </I18nextProvider>,
  );
const texts = () => screen.queryAllByTestId('toast').map((t) => t.textContent);

describe('toasts a screen states itself', () => {
  it('visibleToasts leaves out the claimed keys only', () => {
    const toast = (id: number, content: Toast['content']): Toast => ({ id, level: 'warning', content, durationMs: 0, lang: 'en' });
    const all = [toast(1, { key: 'errors:offline' }), toast(2, { key: 'errors:serverError' }), toast(3, { text: 'errors:offline' })];
    expect(visibleToasts(all, new Map())).toEqual(all);
    expect(visibleToasts(all, new Map([['errors:offline', 1]])).map((t) => t.id)).toEqual([2, 3]);
  });

  it('shows the offline toast on a page that does not state it', () => {
    page(null);
    raise('warning', { key: 'errors:offline' }, 0);
    expect(texts()).toEqual(['You are offline. Tern will retry when the connection returns.✕']);
  });

  it('hides it while a screen states it, other toasts still show, and it does not come back when the claim ends', () => {
    const view = page(true);
    raise('warning', { key: 'errors:offline' }, 0);
    raise('error', { key: 'errors:serverError' }, 0);
    expect(texts()).toHaveLength(1);
    expect(texts()[0]).not.toContain('offline');
    view.rerender(
      <I18nextProvider i18n={i18n}>
        <Toaster />
        <Claim active={false} />
      </I18nextProvider>,
    );
    expect(texts()).toHaveLength(1);
    expect(texts()[0]).not.toContain('offline');
    // Once the screen no longer states it, a new offline toast shows again.
    raise('warning', { key: 'errors:offline' }, 0);
    expect(texts()).toContain('You are offline. Tern will retry when the connection returns.✕');
  });

  it('counts claims: the key stays claimed until the last claimant lets go', () => {
    const two = (a: boolean, b: boolean) => (
      <I18nextProvider i18n={i18n}>
        <Toaster />
        <Claim active={a} />
        <Claim active={b} />
      </I18nextProvider>
    );
    const view = render(two(true, true));
    view.rerender(two(false, true));
    raise('warning', { key: 'errors:offline' }, 0);
    expect(texts()).toEqual([]);
    view.rerender(two(false, false));
    raise('warning', { key: 'errors:offline' }, 0);
    expect(texts()).toHaveLength(1);
  });
});

describe('hydrating a prerendered page', () => {
  it('a toast raised before hydration shows after it, without a mismatch (React #418)', async () => {
    const tree = (
      <I18nextProvider i18n={i18n}>
        <main>page</main>
        <Toaster />
      </I18nextProvider>
    );
    const container = document.createElement('div');
    container.innerHTML = renderToString(tree);
    document.body.append(container);
    // Another window's sign-in woke the app: its toast is raised before React hydrates the markup.
    shown.push(showToast('success', { text: 'Signed in with Tern' }, 0));
    const errors: unknown[] = [];
    let root: Root | undefined;
    try {
      await act(async () => {
        root = hydrateRoot(container, tree, { onRecoverableError: (error) => errors.push(error) });
      });
      expect(errors).toEqual([]);
      expect(texts()).toEqual(['Signed in with Tern✕']);
    } finally {
      act(() => root?.unmount());
      container.remove();
    }
  });
});
