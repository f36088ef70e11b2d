// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';

import type { Session } from '#protocol/remote';

import { i18n, initI18n } from '../../../../shared/i18n';
import { SessionRow } from './SessionRow';

beforeAll(() => initI18n('en'));
afterEach(cleanup);

const session = {
  id: '00000000-0000-4000-8000-000000000001',
  title: 'Launch prep',
  lastActiveAt: new Date(0).toISOString(),
} as Session;

function renderRow() {
  const onRename = vi.fn(async () => true);
  const onAskDelete = vi.fn();
  const ui = (canManage: boolean) => (
    <I18nextProvider i18n={i18n}>
      <button type="button">before</button>
      <SessionRow
        session={session}
        current={false}
        canManage={canManage}
        fmt={new Intl.DateTimeFormat('en')}
        onSelect={() => {}}
        onRename={onRename}
        onAskDelete={onAskDelete}
      />
      <button type="button">after</button>
    </I18nextProvider>
  );
  const { rerender } = render(ui(true));
  const button = screen.getByRole('button', { name: 'Actions for “Launch prep”' });
  return { button, onRename, onAskDelete, canManage: (can: boolean) => rerender(ui(can)) };
}

const menu = () => screen.queryByRole('menu');
const item = (name: RegExp) => screen.getByRole('menuitem', { name });
const key = (k: string, opts: { shiftKey?: boolean } = {}) => fireEvent.keyDown(document.activeElement!, { key: k, ...opts });

describe('SessionRow ⋯ menu from the keyboard', () => {
  it('is a menu button: labelled menu, items out of the tab order, expanded state', () => {
    const { button } = renderRow();
    expect(button).toHaveAttribute('aria-haspopup', 'menu');
    expect(button).toHaveAttribute('aria-expanded', 'false');
    fireEvent.click(button);
    expect(button).toHaveAttribute('aria-expanded', 'true');
    expect(menu()).toHaveAccessibleName('Actions for “Launch prep”');
    expect(button).toHaveAttribute('aria-controls', menu()!.id);
    expect(screen.getAllByRole('menuitem').map((i) => i.getAttribute('tabindex'))).toEqual(['-1', '-1']);
  });

  it('opening (a click, which is what Enter and Space do) focuses the first item; ArrowDown the first, ArrowUp the last', () => {
    const { button } = renderRow();
    button.focus();
    fireEvent.click(button);
    expect(item(/rename/i)).toHaveFocus();
    key('Escape');
    expect(menu()).toBeNull();
    expect(button).toHaveFocus();

    key('ArrowDown');
    expect(item(/rename/i)).toHaveFocus();
    key('Escape');
    key('ArrowUp');
    expect(item(/delete/i)).toHaveFocus();
  });

  it('arrows move between the items and wrap; Home and End jump', () => {
    const { button } = renderRow();
    button.focus();
    key('ArrowDown');
    key('ArrowDown');
    expect(item(/delete/i)).toHaveFocus();
    key('ArrowDown');
    expect(item(/rename/i)).toHaveFocus();
    key('ArrowUp');
    expect(item(/delete/i)).toHaveFocus();
    key('Home');
    expect(item(/rename/i)).toHaveFocus();
    key('End');
    expect(item(/delete/i)).toHaveFocus();
  });

  it('Escape closes and puts focus back on the button without reaching a sheet around it', () => {
    const { button } = renderRow();
    const sheetEscape = vi.fn((e: KeyboardEvent) => e.key === 'Escape');
    window.addEventListener('keydown', sheetEscape);
    try {
      button.focus();
      key('ArrowDown');
      key('Escape');
      expect(menu()).toBeNull();
      expect(button).toHaveFocus();
      expect(button).toHaveAttribute('aria-expanded', 'false');
      expect(sheetEscape.mock.results.map((r) => r.value)).not.toContain(true);
    } finally {
      window.removeEventListener('keydown', sheetEscape);
    }
  });

  it('Tab closes it (focus goes on from the button), as does a press or focus outside', () => {
    const { button } = renderRow();
    const open = () => {
      button.focus();
      fireEvent.click(button);
      expect(menu()).not.toBeNull();
    };
    open();
    key('Tab');
    expect(menu()).toBeNull();
    expect(button).toHaveFocus();

    open();
    fireEvent.pointerDown(screen.getByRole('button', { name: 'after' }));
    expect(menu()).toBeNull();

    open();
    act(() => screen.getByRole('button', { name: 'before' }).focus());
    expect(menu()).toBeNull();
  });

  it('a press inside (on the button) toggles it closed rather than closing and reopening', () => {
    const { button } = renderRow();
    fireEvent.click(button);
    fireEvent.pointerDown(button);
    fireEvent.click(button);
    expect(menu()).toBeNull();
  });

  it('comes back closed when the row could not manage for a while (not open with nothing focused)', () => {
    const { canManage } = renderRow();
    fireEvent.click(screen.getByRole('button', { name: 'Actions for “Launch prep”' }));
    canManage(false);
    canManage(true);
    expect(menu()).toBeNull();
    expect(screen.getByRole('button', { name: 'Actions for “Launch prep”' })).toHaveAttribute('aria-expanded', 'false');
  });

  it('items still do what they did: Enter on delete asks, rename opens the form', () => {
    const { button, onAskDelete } = renderRow();
    button.focus();
    key('ArrowUp');
    fireEvent.click(document.activeElement!); // what Enter on the focused item does
    expect(onAskDelete).toHaveBeenCalledOnce();
    expect(menu()).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Actions for “Launch prep”' }));
    fireEvent.click(item(/rename/i));
    expect(screen.getByLabelText('Session title')).toHaveValue('Launch prep');
  });
});
