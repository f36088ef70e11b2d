import { useTranslation } from 'react-i18next';

/** Numbered steps in a grid (workflow, review process). */
export function StepList({ steps, columns }: { steps: readonly { key: string; title: string; description: string }[]; columns: string }) {
  const { t } = useTranslation('docs');
  return (
    <ol className={`grid gap-5 sm:grid-cols-2 ${columns}`}>
      {steps.map((step, i) => (
        <li key={step.key} className="relative rounded-box border border-base-300 bg-base-100 p-6">
          <span className="font-mono text-sm font-semibold text-primary">{t('useCases.step', { n: i + 1 })}</span>
          <h3 className="mt-2 text-lg font-semibold">{step.title}</h3>
          <p className="mt-2 text-sm leading-relaxed text-base-content/70">{step.description}</p>
        </li>
      ))}
    </ol>
  );
}
