import { useTranslation } from 'react-i18next';

import type { Session } from '#protocol/remote';

import { markdownToPlain } from '../../model/plainText';

/** The attached environment's sessions, most recently active first, with the New session button. */
export function SessionList({
  sessions,
  currentId,
  creating,
  canCreate,
  onSelect,
  onCreate,
}: {
  sessions: readonly Session[];
  currentId: string | null;
  creating: boolean;
  canCreate: boolean;
  onSelect: (id: string) => void;
  onCreate: () => void;
}) {
  const { t, i18n } = useTranslation('remote');
  const fmt = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'short', timeStyle: 'short' });
  const sorted = [...sessions].sort((a, b) => Date.parse(b.lastActiveAt) - Date.parse(a.lastActiveAt));
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
      {sorted.length === 0 ? (
        <p className="px-3 py-2 text-sm text-base-content/60">{t('sessions.none')}</p>
      ) : (
        <ul className="space-y-1" data-testid="session-list">
          {sorted.map((s) => (
            <li key={s.id}>
              <button
                type="button"
                className={`w-full rounded-box px-3 py-2 text-left ${s.id === currentId ? 'bg-primary/15 ring-1 ring-primary/40' : 'hover:bg-base-200'}`}
                aria-current={s.id === currentId ? 'true' : undefined}
                onClick={() => onSelect(s.id)}
                data-testid="session"
              >
                <span className="flex items-center gap-2">
                  {s.active && (
                    <span
                      className="inline-block size-2 shrink-0 rounded-full bg-success"
                      title={t('sessions.active')}
                      aria-label={t('sessions.active')}
                    />
                  )}
                  <span className="min-w-0 flex-1 truncate text-sm font-medium">{s.title || s.firstMessage || t('sessions.untitled')}</span>
                </span>
                {s.lastMessage && (
                  <span className="mt-0.5 block truncate text-xs text-base-content/70" data-testid="session-preview">
                    {markdownToPlain(s.lastMessage)}
                  </span>
                )}
                <span className="mt-0.5 flex flex-wrap gap-x-3 text-[11px] text-base-content/50">
                  <span>{t('sessions.created', { time: fmt.format(new Date(s.createdAt)) })}</span>
                  <span>{t('sessions.lastActive', { time: fmt.format(new Date(s.lastActiveAt)) })}</span>
                </span>
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
