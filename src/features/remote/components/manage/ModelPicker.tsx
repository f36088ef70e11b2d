import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';

import type { Instance, Session } from '#protocol/remote';

/**
 * The model the open session uses: the one chosen for it, else the CLI's default (the first it announced). Where the
 * CLI offers several, a select chooses one for this session (the relay stores it and tells the CLI). Nothing is shown
 * when the CLI announced no model (older CLI, or none configured).
 */
export function ModelPicker({
  session,
  instance,
  canChoose,
  onChoose,
}: {
  session: Session | undefined;
  instance: Instance | undefined;
  canChoose: boolean;
  onChoose: (model: string) => Promise<boolean>;
}) {
  const { t } = useTranslation('remote');
  const id = useId();
  const [pending, setPending] = useState<string | null>(null);
  const models = instance?.models ?? [];
  if (!session || models.length === 0) return null;
  const current = session.model ?? models[0]!;
  const shown = pending ?? current;
  if (models.length === 1) {
    return (
      <span className="shrink-0 truncate text-[11px] text-base-content/60" data-testid="model-name" title={t('manage.model.label')}>
        {t('manage.model.short', { model: current })}
      </span>
    );
  }
  return (
    <span className="flex shrink-0 items-center gap-1">
      <label htmlFor={id} className="whitespace-nowrap text-[11px] text-base-content/60">
        {t('manage.model.title')}
      </label>
      <select
        id={id}
        className="select select-ghost select-xs h-8 min-h-8 max-w-40 text-[11px] sm:h-6 sm:min-h-6"
        value={shown}
        disabled={!canChoose || pending !== null}
        aria-label={t('manage.model.label')}
        onChange={(e) => {
          const model = e.target.value;
          setPending(model);
          void onChoose(model).finally(() => setPending(null));
        }}
        data-testid="model-select"
      >
        {models.map((m, i) => (
          <option key={m} value={m}>
            {i === 0 ? t('manage.model.default', { model: m }) : m}
          </option>
        ))}
      </select>
    </span>
  );
}
