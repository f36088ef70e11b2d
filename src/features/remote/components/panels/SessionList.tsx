import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import type { Session } from '#protocol/remote';

import { ConfirmDelete } from '../manage/ConfirmDelete';
import { sessionLabel, SessionRow } from '../manage/SessionRow';
import { useSessionSearch } from '../manage/useSessionSearch';

/**
 * The attached environment's sessions, most recently active first, with the New session button, a search over titles
 * and messages, and per session rename and delete (with a confirm; the relay tells the CLI).
 */
export function SessionList({
  instanceId,
  sessions,
  currentId,
  creating,
  canCreate,
  canManage,
  cliOnline,
  onSelect,
  onCreate,
  onRename,
  onDelete,
  searchContent,
}: {
  instanceId: string;
  sessions: readonly Session[];
  currentId: string | null;
  creating: boolean;
  canCreate: boolean;
  /** The window holds the workspace and the relay is reachable. */
  canManage: boolean;
  cliOnline: boolean;
  onSelect: (id: string) => void;
  onCreate: () => void;
  onRename: (id: string, title: string) => Promise<boolean>;
  onDelete: (id: string) => Promise<boolean>;
  searchContent: (instanceId: string, query: string) => Promise<string[] | null>;
}) {
  const { t, i18n } = useTranslation('remote');
  const fmt = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'short', timeStyle: 'short' });
  const { query, setQuery, results, searching } = useSessionSearch(instanceId, sessions, searchContent);
  const [doomed, setDoomed] = useState<Session | null>(null);
  const [deleting, setDeleting] = useState(false);
  return (
    <div>
      <button
        type="button"
        className="btn btn-primary btn-sm mb-2 w-full"
        disabled={!canCreate || creating}
        onClick={onCreate}
        data-testid="new-session"
      >
        {creating && <span className="loading loading-spinner loading-xs" aria-hidden />}
        {t('sessions.new')}
      </button>
      {sessions.length > 0 && (
        <div className="mb-2" role="search">
          <label className="input input-bordered input-sm flex w-full items-center gap-2">
            <span className="sr-only">{t('manage.search.label')}</span>
            <svg viewBox="0 0 24 24" className="size-4 shrink-0 opacity-60" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden>
              <circle cx="11" cy="11" r="7" />
              <path d="m20 20-3.5-3.5" />
            </svg>
            <input
              type="search"
              className="min-w-0 grow text-base sm:text-sm"
              placeholder={t('manage.search.placeholder')}
              value={query}
              onChange={(e) => setQuery(e.target.value)}
              data-testid="session-search"
            />
          </label>
          <p className="sr-only" aria-live="polite">
            {query.trim() ? t('manage.search.count', { count: results.length }) : ''}
          </p>
        </div>
      )}
      {sessions.length === 0 ? (
        <p className="px-3 py-2 text-sm text-base-content/60">{t('sessions.none')}</p>
      ) : results.length === 0 ? (
        <p className="px-3 py-2 text-sm text-base-content/60" data-testid="session-no-match">
          {searching ? t('manage.search.searching') : t('manage.search.none', { query: query.trim() })}
        </p>
      ) : (
        <ul className="space-y-1" data-testid="session-list">
          {results.map((s) => (
            <li key={s.id} data-row-id={s.id}>
              <SessionRow
                session={s}
                current={s.id === currentId}
                canManage={canManage}
                fmt={fmt}
                onSelect={() => onSelect(s.id)}
                onRename={(title) => onRename(s.id, title)}
                onAskDelete={() => setDoomed(s)}
              />
            </li>
          ))}
          {searching && <li className="px-3 py-1 text-xs text-base-content/50">{t('manage.search.searching')}</li>}
        </ul>
      )}
      {doomed && (
        <ConfirmDelete
          title={sessionLabel(doomed, t('sessions.untitled'))}
          cliOnline={cliOnline}
          busy={deleting}
          onCancel={() => setDoomed(null)}
          onConfirm={() => {
            setDeleting(true);
            void onDelete(doomed.id).then((ok) => {
              setDeleting(false);
              if (ok) setDoomed(null);
            });
          }}
        />
      )}
    </div>
  );
}
