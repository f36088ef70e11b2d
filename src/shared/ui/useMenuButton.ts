import { type FocusEvent, type KeyboardEvent, useEffect, useId, useRef, useState } from 'react';

type Edge = 'first' | 'last';

const itemsOf = (menu: HTMLElement | null) => Array.from(menu?.querySelectorAll<HTMLElement>('[role="menuitem"]:not([disabled])') ?? []);
const focusEdge = (menu: HTMLElement | null, at: Edge) => {
  const all = itemsOf(menu);
  all[at === 'first' ? 0 : all.length - 1]?.focus();
};

/**
 * A menu button as the WAI-ARIA menu button pattern has it. Opening (a click, so Enter or Space, or ArrowDown) focuses the first
 * item, ArrowUp the last; in the menu ArrowDown/ArrowUp move between the items (wrapping), Home/End jump, Escape closes
 * and puts focus back on the button, Tab closes (focus goes on from the button's place); a press outside closes, as does
 * focus leaving for somewhere else. Items are `role="menuitem"` with tabIndex -1: focus roves among them.
 *
 * Spread `button` on the trigger, `menu` on the `role="menu"` element (render it only while `open`) and `wrap` on the
 * element holding both; `close()` after an item did its work.
 */
export function useMenuButton() {
  const [open, setOpen] = useState(false);
  const [edge, setEdge] = useState<Edge>('first');
  const buttonRef = useRef<HTMLButtonElement>(null);
  const menuRef = useRef<HTMLUListElement>(null);
  const wrapRef = useRef<HTMLDivElement>(null);
  const buttonId = useId();
  const menuId = useId();

  useEffect(() => {
    if (open) focusEdge(menuRef.current, edge);
  }, [open, edge]);

  useEffect(() => {
    if (!open) return;
    const onDown = (e: PointerEvent) => {
      if (!wrapRef.current?.contains(e.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', onDown, true);
    return () => document.removeEventListener('pointerdown', onDown, true);
  }, [open]);

  const show = (at: Edge) => {
    if (open) return focusEdge(menuRef.current, at);
    setEdge(at);
    setOpen(true);
  };
  const close = (refocus = false) => {
    setOpen(false);
    if (refocus) buttonRef.current?.focus();
  };

  // Enter and Space are the button's own: they click it (as a screen reader does), and the click opens the menu. Done
  // here they would leave Space's keyup to land on (and press) the item just focused.
  const onButtonKey = (e: KeyboardEvent) => {
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      e.preventDefault();
      show(e.key === 'ArrowUp' ? 'last' : 'first');
    }
  };

  const onMenuKey = (e: KeyboardEvent) => {
    const all = itemsOf(menuRef.current);
    const at = all.indexOf(document.activeElement as HTMLElement);
    const go = (i: number) => {
      e.preventDefault();
      all[(i + all.length) % all.length]?.focus();
    };
    if (e.key === 'ArrowDown') go(at + 1);
    else if (e.key === 'ArrowUp') go(at < 0 ? -1 : at - 1);
    else if (e.key === 'Home') go(0);
    else if (e.key === 'End') go(-1);
    else if (e.key === 'Escape') {
      e.preventDefault();
      e.stopPropagation(); // a sheet holding the list stays open
      close(true);
    } else if (e.key === 'Tab') close(true); // not prevented: Tab goes on from the button
  };

  // Focus moving to another element outside closes; none (a click on nothing focusable, the window losing focus) leaves
  // it to the press outside, so a second press on the button (which Safari does not focus) closes rather than reopens.
  const onWrapBlur = (e: FocusEvent) => {
    const to = e.relatedTarget as Node | null;
    if (to && !e.currentTarget.contains(to)) setOpen(false);
  };

  return {
    open,
    close,
    wrap: { ref: wrapRef, onBlur: onWrapBlur },
    button: {
      ref: buttonRef,
      id: buttonId,
      'aria-haspopup': 'menu' as const,
      'aria-expanded': open,
      'aria-controls': open ? menuId : undefined,
      onClick: () => (open ? close() : show('first')),
      onKeyDown: onButtonKey,
    },
    menu: { ref: menuRef, id: menuId, role: 'menu' as const, 'aria-labelledby': buttonId, onKeyDown: onMenuKey },
  };
}
