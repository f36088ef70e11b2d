import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';

import { type Session, SESSION_TITLE_MAX } from '#protocol/remote';

import { useMenuButton } from '../../../../shared/ui/useMenuButton';
import { markdownToPlain } from '../../model/plainText';

/** A session's name as the list shows it. */
export const sessionLabel = (s: Session, untitled: string) =>
  s.title || (s.firstMessage ? markdownToPlain(s.firstMessage) : '') || untitled;

/**
 * One session in the list: opens it on tap; its ⋯ menu renames it (in place: Enter saves, Escape cancels) or asks to
 * delete it (the page shows the confirm). The menu is a WAI-ARIA menu button (useMenuButton): arrows, Home/End,
 * Escape and Tab work as a screen reader user expects.
 */
export function SessionRow({
  session: s,
  current,
  canManage,
  fmt,
  onSelect,
  onRename,
  onAskDelete,
}: {
  session: Session;
  current: boolean;
  canManage: boolean;
  fmt: Intl.DateTimeFormat;
  onSelect: () => void;
  onRename: (title: string) => Promise<boolean>;
  onAskDelete: () => void;
}) {
  const { t } = useTranslation('remote');
  const [editing, setEditing] = useState<string | null>(null);
  const label = sessionLabel(s, t('sessions.untitled'));

  if (editing !== null) return <RenameForm id={s.id} initial={editing} onRename={onRename} onDone={() => setEditing(null)} />;

  return (
    <div
      className={`group relative flex items-stretch rounded-box ${current ? 'bg-primary/15 ring-1 ring-primary/40' : 'hover:bg-base-200'}`}
    >
      <button
        type="button"
        className="min-w-0 flex-1 px-3 py-2 text-left"
        aria-current={current ? 'true' : undefined}
        onClick={onSelect}
        data-testid="session"
        data-session-id={s.id}
      >
        <span className="flex items-center gap-2">
          {s.active && (
            <span
              className="inline-block size-2 shrink-0 rounded-full bg-success"
              title={t('sessions.active')}
              aria-label={t('sessions.active')}
            />
          )}
          <span className="min-w-0 flex-1 truncate text-sm font-medium" data-testid="session-title">
            {label}
          </span>
        </span>
        {s.lastMessage && (
          <span className="mt-0.5 block truncate text-xs text-base-content/70" data-testid="session-preview">
            {markdownToPlain(s.lastMessage)}
          </span>
        )}
        <span className="mt-0.5 flex flex-wrap gap-x-3 text-[11px] text-base-content/50">
          <span>{t('sessions.lastActive', { time: fmt.format(new Date(s.lastActiveAt)) })}</span>
          {s.model && <span>{s.model}</span>}
        </span>
      </button>
      {canManage && <RowActions label={label} onRename={() => setEditing(s.title || label)} onAskDelete={onAskDelete} />}
    </div>
  );
}

// daisyUI's menu marks a focused item only with a faint tint (outline none): a ring in the primary colour shows it.
const FOCUS_RING = 'focus-visible:outline-2 focus-visible:outline-solid focus-visible:-outline-offset-2 focus-visible:outline-primary';

/**
 * The row's ⋯ button and its menu (a WAI-ARIA menu button, see useMenuButton). Its own component so the menu's state
 * goes with it when the row can no longer manage (a closed menu when the button comes back, not an open one unfocused).
 */
function RowActions({ label, onRename, onAskDelete }: { label: string; onRename: () => void; onAskDelete: () => void }) {
  const { t } = useTranslation('remote');
  const menu = useMenuButton();
  return (
    <div className="relative shrink-0" {...menu.wrap}>
      <button
        type="button"
        className="btn btn-ghost btn-sm btn-square mt-1 mr-1 size-10 sm:size-8"
        aria-label={t('manage.actions', { title: label })}
        {...menu.button}
        data-testid="session-actions"
      >
        <span aria-hidden>⋯</span>
      </button>
      {menu.open && (
        <ul
          className="menu absolute right-1 top-11 z-20 w-40 rounded-box border border-base-300 bg-base-100 p-1 shadow-lg sm:top-9"
          {...menu.menu}
        >
          <li role="none">
            <button
              type="button"
              role="menuitem"
              tabIndex={-1}
              className={`min-h-11 content-center sm:min-h-8 ${FOCUS_RING}`}
              onClick={() => {
                menu.close();
                onRename();
              }}
              data-testid="session-rename"
            >
              {t('manage.rename.action')}
            </button>
          </li>
          <li role="none">
            <button
              type="button"
              role="menuitem"
              tabIndex={-1}
              className={`min-h-11 content-center text-error sm:min-h-8 ${FOCUS_RING}`}
              onClick={() => {
                menu.close();
                onAskDelete();
              }}
              data-testid="session-delete"
            >
              {t('manage.delete.action')}
            </button>
          </li>
        </ul>
      )}
    </div>
  );
}

/** Renames in place: Enter saves (an empty title cannot), Escape or Cancel leaves it as it was. */
function RenameForm({
  id,
  initial,
  onRename,
  onDone,
}: {
  id: string;
  initial: string;
  onRename: (title: string) => Promise<boolean>;
  onDone: () => void;
}) {
  const { t } = useTranslation('remote');
  const [editing, setEditing] = useState(initial);
  const [saving, setSaving] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  useEffect(() => input.current?.select(), []);
  const empty = editing.trim() === '';
  return (
    <form
      className="rounded-box bg-base-200 p-2"
      onSubmit={(e) => {
        e.preventDefault();
        if (empty || saving) return;
        setSaving(true);
        void onRename(editing.trim()).then((ok) => {
          setSaving(false);
          if (ok) onDone();
        });
      }}
      data-testid="rename-form"
    >
      <label className="sr-only" htmlFor={`rename-${id}`}>
        {t('manage.rename.label')}
      </label>
      <input
        id={`rename-${id}`}
        ref={input}
        className="input input-bordered input-sm w-full text-base sm:text-sm"
        value={editing}
        maxLength={SESSION_TITLE_MAX}
        aria-invalid={empty}
        aria-describedby={empty ? `rename-${id}-error` : undefined}
        onChange={(e) => setEditing(e.target.value)}
        onKeyDown={(e) => e.key === 'Escape' && onDone()}
      />
      {empty && (
        <p id={`rename-${id}-error`} className="mt-1 text-xs text-error">
          {t('manage.rename.empty')}
        </p>
      )}
      <div className="mt-2 flex justify-end gap-2">
        <button type="button" className="btn btn-ghost btn-sm" onClick={() => onDone()}>
          {t('manage.cancel')}
        </button>
        <button type="submit" className="btn btn-primary btn-sm" disabled={empty || saving} data-testid="rename-save">
          {saving && <span className="loading loading-spinner loading-xs" aria-hidden />}
          {t('manage.rename.save')}
        </button>
      </div>
    </form>
  );
}
