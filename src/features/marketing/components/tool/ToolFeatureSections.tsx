import { useTranslation } from 'react-i18next';

import type { ToolContent } from '../../content/types';
import { CommandBox } from '../CommandBox';
import { Icon } from '../icons';
import { Section, SectionHeader } from '../Section';

/** The tool's features as cards. */
export function FeaturesSection({ features }: { features: ToolContent['features'] }) {
  return (
    <Section labelledBy="features-title">
      <SectionHeader id="features-title" title={features.title} subtitle={features.subtitle} />
      <ul className="grid gap-5 sm:grid-cols-2 lg:grid-cols-3" data-testid="tool-features">
        {features.items.map((f) => (
          <li key={f.title} className="rounded-box border border-base-300 bg-base-200/40 p-5">
            <span className="grid h-10 w-10 place-items-center rounded-box bg-primary/10 text-primary">
              <Icon name={f.icon} />
            </span>
            <h3 className="mt-3 font-semibold">{f.title}</h3>
            <p className="mt-1 text-sm leading-relaxed text-base-content/70">{f.description}</p>
          </li>
        ))}
      </ul>
    </Section>
  );
}

/** Numbered use cases. */
export function UseCasesSection({ useCases }: { useCases: ToolContent['useCases'] }) {
  return (
    <Section tinted labelledBy="use-cases-title">
      <SectionHeader id="use-cases-title" title={useCases.title} subtitle={useCases.subtitle} />
      <ol className="grid gap-5 md:grid-cols-3" data-testid="tool-use-cases">
        {useCases.items.map((u, i) => (
          <li key={u.title} className="relative rounded-box border border-base-300 bg-base-100 p-5">
            <span className="font-mono text-3xl font-bold text-primary/80" aria-hidden="true">
              {String(i + 1).padStart(2, '0')}
            </span>
            <h3 className="mt-1 font-semibold">{u.title}</h3>
            <p className="mt-1 text-sm text-base-content/70">{u.description}</p>
          </li>
        ))}
      </ol>
    </Section>
  );
}

/** The ways to authenticate, one card each (one to three columns by how many there are). */
export function AuthMethodsSection({ auth }: { auth: ToolContent['auth'] }) {
  const { t } = useTranslation('marketing');
  const columns = auth.methods.length >= 3 ? 'lg:grid-cols-3' : auth.methods.length === 2 ? 'md:grid-cols-2' : 'mx-auto max-w-2xl';
  return (
    <Section labelledBy="auth-title">
      <SectionHeader id="auth-title" title={auth.title} subtitle={auth.subtitle} />
      <ul className={`grid grid-cols-1 gap-5 ${columns}`} data-testid="auth-methods">
        {auth.methods.map((m) => (
          <li
            key={m.id}
            data-auth={m.id}
            className={`card min-w-0 border bg-base-200/40 ${m.recommended ? 'border-primary' : 'border-base-300'}`}
          >
            <div className="card-body">
              <h3 className="card-title flex-wrap text-lg">
                <span className="text-primary">
                  <Icon name="key" size={18} />
                </span>
                {m.title}
                {m.recommended && <span className="badge badge-primary badge-sm">{t('ui.recommended')}</span>}
              </h3>
              <p className="grow-0 text-sm text-base-content/75">{m.description}</p>
              <ul className="mt-1 space-y-1.5 text-sm" data-testid="auth-bullets">
                {m.bullets.map((b) => (
                  <li key={b} className="flex gap-2">
                    <span className="mt-0.5 text-success">
                      <Icon name="check" size={16} />
                    </span>
                    <span>{b}</span>
                  </li>
                ))}
              </ul>
              {m.command && <CommandBox commands={[m.command]} className="mt-3" />}
            </div>
          </li>
        ))}
      </ul>
    </Section>
  );
}
