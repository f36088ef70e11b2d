import { useTranslation } from 'react-i18next';

import { CopyCommand } from './CopyCommand';

/** Shown while no CLI is online: how to install and start `tern --cloud`, and how pairing works. */
export function SetupGuide({ hasOffline }: { hasOffline: boolean }) {
  const { t } = useTranslation('remote');
  const steps = [
    { title: t('setup.install'), command: 'npm install -g tern', body: t('setup.installBody') },
    { title: t('setup.start'), command: 'tern --cloud', body: t('setup.startBody') },
    { title: t('setup.pair'), body: t('setup.pairBody') },
  ];
  return (
    <section className="mx-auto w-full max-w-xl px-4 py-8" data-testid="setup-guide">
      <h2 className="text-xl font-bold">{t('setup.title')}</h2>
      <p className="mt-1 text-sm text-base-content/70">{hasOffline ? t('errors.cliNotStarted') : t('setup.intro')}</p>
      <ol className="mt-6 space-y-5">
        {steps.map((step, i) => (
          <li key={step.title} className="flex gap-3">
            <span className="flex size-7 shrink-0 items-center justify-center rounded-full bg-primary text-sm font-bold text-primary-content">
              {i + 1}
            </span>
            <div className="min-w-0 flex-1">
              <p className="font-semibold">{step.title}</p>
              <p className="text-sm text-base-content/70">{step.body}</p>
              {step.command && <CopyCommand command={step.command} />}
            </div>
          </li>
        ))}
      </ol>
      <p className="mt-6 text-xs text-base-content/60">{t('setup.waiting')}</p>
    </section>
  );
}
