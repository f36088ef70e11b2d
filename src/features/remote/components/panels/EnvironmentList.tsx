import { useTranslation } from 'react-i18next';

import type { Instance } from '#protocol/remote';

import { lastSeenText } from '../lastSeen';
import { useNow } from '../useNow';

export function formatDuration(
  ms: number,
  t: (key: 'duration.d' | 'duration.h' | 'duration.m' | 'duration.s', o: { n: number }) => string,
): string {
  const s = Math.max(0, Math.floor(ms / 1000));
  const d = Math.floor(s / 86400);
  const h = Math.floor((s % 86400) / 3600);
  const m = Math.floor((s % 3600) / 60);
  if (d) return `${t('duration.d', { n: d })} ${t('duration.h', { n: h })}`;
  if (h) return `${t('duration.h', { n: h })} ${t('duration.m', { n: m })}`;
  if (m) return t('duration.m', { n: m });
  return t('duration.s', { n: s % 60 });
}

/**
 * The paired CLIs (environments): online state, working folder, platform, Node version, sessions and uptime. While the
 * relay has not answered (`stale`: offline, or reconnecting) their state is unknown: "last seen …", never "online".
 */
export function EnvironmentList({
  instances,
  selectedId,
  onSelect,
  stale = false,
  heardAt = null,
}: {
  instances: readonly Instance[];
  selectedId: string | null;
  onSelect: (id: string) => void;
  stale?: boolean;
  heardAt?: number | null;
}) {
  const { t, i18n } = useTranslation('remote');
  const now = useNow(30_000);
  if (!instances.length) return <p className="px-3 py-2 text-sm text-base-content/60">{t('environments.none')}</p>;
  return (
    <ul className="space-y-1" data-testid="environment-list">
      {instances.map((instance) => {
        const selected = instance.id === selectedId;
        const online = instance.online && !stale;
        return (
          <li key={instance.id}>
            <button
              type="button"
              className={`w-full rounded-box px-3 py-2 text-left transition-colors ${selected ? 'bg-primary/15 ring-1 ring-primary/40' : 'hover:bg-base-200'}`}
              aria-pressed={selected}
              onClick={() => onSelect(instance.id)}
              data-testid="environment"
              data-online={stale ? 'unknown' : instance.online ? 'true' : 'false'}
            >
              <span className="flex items-center gap-2">
                <span
                  className={`inline-block size-2.5 shrink-0 rounded-full ${online ? 'bg-success' : 'bg-base-content/30'}`}
                  aria-hidden
                />
                <span className="min-w-0 flex-1 truncate font-medium">{instance.hostname}</span>
                <span className="shrink-0 text-xs text-base-content/60" data-testid="environment-state">
                  {stale
                    ? lastSeenText(t, i18n.language, instance, heardAt)
                    : online
                      ? t('environments.online')
                      : t('environments.offline')}
                </span>
              </span>
              <span className="mt-0.5 block truncate font-mono text-xs text-base-content/70" title={instance.cwd}>
                {instance.cwd}
              </span>
              <span className="mt-0.5 flex flex-wrap gap-x-3 text-xs text-base-content/60">
                <span>{instance.platform}</span>
                <span>{t('environments.node', { version: instance.nodeVersion })}</span>
                <span>{t('environments.sessions', { count: instance.sessionCount })}</span>
                {online && <span>{t('environments.uptime', { time: formatDuration(now - Date.parse(instance.startedAt), t) })}</span>}
              </span>
            </button>
          </li>
        );
      })}
    </ul>
  );
}
