import { type ReactNode, useEffect, useId, useRef, useState } from 'react';

/**
 * A disclosure menu: a real button with aria-expanded, closed by Escape, an outside click, or choosing an item.
 */
export function Dropdown({
  label,
  buttonClassName,
  children,
  align = 'start',
  ariaLabel,
}: {
  label: ReactNode;
  buttonClassName?: string;
  children: (close: () => void) => ReactNode;
  align?: 'start' | 'end';
  ariaLabel?: string;
}) {
  const [open, setOpen] = useState(false);
  const ref = useRef<HTMLDivElement>(null);
  const id = useId();

  useEffect(() => {
    if (!open) return;
    const onPointer = (e: PointerEvent) => {
      if (!ref.current?.contains(e.target as Node)) setOpen(false);
    };
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') {
        setOpen(false);
        ref.current?.querySelector('button')?.focus();
      }
    };
    document.addEventListener('pointerdown', onPointer);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('pointerdown', onPointer);
      document.removeEventListener('keydown', onKey);
    };
  }, [open]);

  return (
    <div
      ref={ref}
      className="relative"
      onBlur={(e) => {
        if (!ref.current?.contains(e.relatedTarget as Node | null)) setOpen(false);
      }}
    >
      <button
        type="button"
        className={buttonClassName ?? 'btn btn-ghost btn-sm'}
        aria-expanded={open}
        aria-controls={id}
        aria-label={ariaLabel}
        onClick={() => setOpen((o) => !o)}
      >
        {label}
      </button>
      {open && (
        <ul
          id={id}
          className={`menu absolute z-50 mt-2 min-w-52 rounded-box border border-base-300 bg-base-100 p-2 shadow-xl ${align === 'end' ? 'right-0' : 'left-0'}`}
        >
          {children(() => setOpen(false))}
        </ul>
      )}
    </div>
  );
}
