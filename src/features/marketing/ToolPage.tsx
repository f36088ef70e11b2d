import { useTranslation } from 'react-i18next';

import type { RouteDef, ToolSlug } from '../../shared/routing/routeTable';
import { toolSlugs } from '../../shared/routing/routeTable';
import { CommandBox } from './components/CommandBox';
import { LazyFaq } from './components/LazyFaq';
import { Icon } from './components/icons';
import { Section, SectionHeader } from './components/Section';
import { SmartLink } from './components/SmartLink';
import { CommandTables } from './components/tool/CommandTables';
import { InstallMethods } from './components/tool/InstallMethods';
import { toolContent } from './content/loaders';
import { toolFacts } from './content/shared/tools';
import { useContent } from './content/useContent';

function slugOf(route: RouteDef): ToolSlug {
  const slug = route.id.replace(/^tool:/, '');
  return (toolSlugs as readonly string[]).includes(slug) ? (slug as ToolSlug) : 'gemini-cli';
}

/** A third-party CLI guide (spec §2 "Tool pages contain"); the route id names the tool (`tool:<slug>`). */
export default function ToolPage({ route }: { route: RouteDef }) {
  const slug = slugOf(route);
  const { t } = useTranslation('marketing');
  const c = useContent(`tool:${slug}`, toolContent[slug]);
  const facts = toolFacts[slug];

  return (
    <article data-tool={slug}>
      <section aria-labelledby="tool-title" className="relative overflow-hidden">
        <div className="pointer-events-none absolute inset-0 bg-[radial-gradient(ellipse_at_top_left,color-mix(in_oklab,var(--color-primary)_18%,transparent),transparent_60%)]" />
        <div className="relative mx-auto max-w-6xl px-4 pb-12 pt-10 sm:pt-14">
          <span className="badge badge-outline badge-primary">{c.hero.badge}</span>
          <h1 id="tool-title" className="mt-4 max-w-3xl text-4xl font-extrabold tracking-tight text-balance sm:text-5xl">
            {c.hero.title}
          </h1>
          <p className="mt-4 max-w-3xl text-lg text-base-content/70">{c.hero.description}</p>
          <div className="mt-7 flex flex-wrap gap-3" data-testid="tool-links">
            <SmartLink href={facts.repository} className="btn btn-primary gap-2">
              <Icon name="gitBranch" size={18} />
              {t('ui.repository')}
            </SmartLink>
            <SmartLink href={facts.docs} className="btn btn-outline gap-2">
              <Icon name="book" size={18} />
              {t('ui.docs')}
            </SmartLink>
          </div>
        </div>
      </section>

      <Section tinted labelledBy="what-is-title" className="grid grid-cols-1 gap-10 lg:grid-cols-[1.3fr_1fr]">
        <div>
          <SectionHeader id="what-is-title" title={c.whatIs.title} align="left" />
          <div className="-mt-4 space-y-4 text-base-content/80">
            {c.whatIs.paragraphs.map((p) => (
              <p key={p}>{p}</p>
            ))}
          </div>
          <dl className="mt-8 grid grid-cols-2 gap-3 sm:grid-cols-4">
            {c.whatIs.facts.map((f) => (
              <div key={f.label} className="rounded-box border border-base-300 bg-base-100 p-3">
                <dt className="text-xs text-base-content/70">{f.label}</dt>
                <dd className="mt-1 font-semibold">{f.value}</dd>
              </div>
            ))}
          </dl>
        </div>
        <aside aria-labelledby="quick-start-title" className="min-w-0 self-start rounded-box border border-primary/30 bg-base-100 p-5 shadow-lg shadow-primary/5" data-testid="quick-start">
          <h2 id="quick-start-title" className="flex items-center gap-2 text-xl font-bold">
            <span className="text-primary">
              <Icon name="zap" />
            </span>
            {c.quickStart.title}
          </h2>
          <p className="mt-2 text-sm text-base-content/70">{c.quickStart.description}</p>
          <CommandBox commands={[c.quickStart.command]} className="mt-4" />
          <p className="mt-3 text-xs text-base-content/70">{c.quickStart.note}</p>
          {c.quickStart.disabledActions && (
            <div className="mt-4">
              <div className="flex flex-wrap gap-2">
                <button type="button" className="btn btn-sm" disabled aria-describedby="disabled-actions-note" data-testid="quick-install-button">
                  {c.quickStart.disabledActions.quickInstall}
                </button>
                <button type="button" className="btn btn-sm" disabled aria-describedby="disabled-actions-note" data-testid="api-key-button">
                  {c.quickStart.disabledActions.apiKey}
                </button>
              </div>
              <p id="disabled-actions-note" className="mt-2 text-xs text-base-content/70">
                {c.quickStart.disabledActions.note}
              </p>
            </div>
          )}
        </aside>
      </Section>

      <Section labelledBy="features-title">
        <SectionHeader id="features-title" title={c.features.title} subtitle={c.features.subtitle} />
        <ul className="grid gap-5 sm:grid-cols-2 lg:grid-cols-3" data-testid="tool-features">
          {c.features.items.map((f) => (
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

      <Section tinted labelledBy="use-cases-title">
        <SectionHeader id="use-cases-title" title={c.useCases.title} subtitle={c.useCases.subtitle} />
        <ol className="grid gap-5 md:grid-cols-3" data-testid="tool-use-cases">
          {c.useCases.items.map((u, i) => (
            <li key={u.title} className="relative rounded-box border border-base-300 bg-base-100 p-5">
              <span className="font-mono text-3xl font-bold text-primary/30" aria-hidden="true">
                {String(i + 1).padStart(2, '0')}
              </span>
              <h3 className="mt-1 font-semibold">{u.title}</h3>
              <p className="mt-1 text-sm text-base-content/70">{u.description}</p>
            </li>
          ))}
        </ol>
      </Section>

      <Section labelledBy="auth-title">
        <SectionHeader id="auth-title" title={c.auth.title} subtitle={c.auth.subtitle} />
        <ul className={`grid grid-cols-1 gap-5 ${c.auth.methods.length >= 3 ? 'lg:grid-cols-3' : c.auth.methods.length === 2 ? 'md:grid-cols-2' : 'mx-auto max-w-2xl'}`} data-testid="auth-methods">
          {c.auth.methods.map((m) => (
            <li key={m.id} data-auth={m.id} className={`card min-w-0 border bg-base-200/40 ${m.recommended ? 'border-primary' : 'border-base-300'}`}>
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

      <Section tinted labelledBy="install-title">
        <SectionHeader id="install-title" title={c.install.title} subtitle={c.install.subtitle} />
        <InstallMethods layout={c.install.layout} methods={c.install.methods} />
        <p className="mt-4 flex items-start gap-2 text-sm text-base-content/65">
          <span className="mt-0.5">
            <Icon name="info" size={16} />
          </span>
          <span>
            <span className="font-semibold">{t('tool.requirements')}</span> {c.install.requirements}
          </span>
        </p>
      </Section>

      <Section labelledBy="commands-title">
        <SectionHeader id="commands-title" title={c.commands.title} subtitle={c.commands.subtitle} />
        <CommandTables tables={c.commands.tables} />
      </Section>

      {c.benchmark && (
        <Section tinted labelledBy="benchmark-title">
          <SectionHeader id="benchmark-title" title={c.benchmark.title} subtitle={c.benchmark.subtitle} />
          <div className="mx-auto max-w-3xl overflow-x-auto rounded-box border border-base-300 bg-base-100" tabIndex={0} role="region" aria-labelledby="benchmark-title">
            <table className="table" data-testid="benchmark-table" aria-labelledby="benchmark-title">
              <thead className="bg-base-200 text-base-content">
                <tr>
                  <th scope="col">{t('tool.agent')}</th>
                  <th scope="col">{t('tool.model')}</th>
                  <th scope="col" className="text-right">
                    {t('tool.accuracy')}
                  </th>
                </tr>
              </thead>
              <tbody>
                {c.benchmark.rows.map((r) => (
                  <tr key={r.model}>
                    <td>{r.agent}</td>
                    <th scope="row" className="font-mono text-sm font-normal">
                      {r.model}
                    </th>
                    <td className="text-right">
                      <span className="inline-flex items-center gap-3">
                        <progress className="progress progress-primary hidden w-24 sm:block" value={r.score} max={100} aria-hidden="true" />
                        <span className="font-semibold tabular-nums">{`${r.score.toFixed(1)}%`}</span>
                      </span>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <p className="mx-auto mt-3 max-w-3xl text-xs text-base-content/70">{c.benchmark.source}</p>
        </Section>
      )}

      <Section tinted={!c.benchmark} labelledBy="tool-faq-title">
        <LazyFaq faq={c.faq} idPrefix="tool" />
      </Section>

      <Section tinted={!!c.benchmark} labelledBy="help-title">
        <SectionHeader id="help-title" title={c.help.title} subtitle={c.help.subtitle} />
        <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4" data-testid="help-links">
          {c.help.links.map((l) => (
            <li key={l.href}>
              <SmartLink href={l.href} className="flex h-full flex-col gap-1 rounded-box border border-base-300 bg-base-100 p-4 transition hover:border-primary/60 hover:shadow-md" showExternalIcon={false}>
                <span className="flex items-center justify-between gap-2 font-semibold">
                  {l.label}
                  <Icon name={/^https?:/.test(l.href) ? 'external' : 'arrowRight'} size={16} className="shrink-0 text-primary" />
                </span>
                {l.description && <span className="text-sm text-base-content/65">{l.description}</span>}
              </SmartLink>
            </li>
          ))}
        </ul>
      </Section>

      <section aria-labelledby="tool-cta-title" className="px-4 pb-20">
        <div className="mx-auto max-w-5xl rounded-box border border-primary/30 bg-gradient-to-br from-primary/15 via-base-200 to-secondary/10 px-6 py-10 text-center sm:px-12">
          <h2 id="tool-cta-title" className="text-2xl font-bold sm:text-3xl">
            {c.cta.title}
          </h2>
          <p className="mx-auto mt-3 max-w-2xl text-base-content/70">{c.cta.subtitle}</p>
          <div className="mt-6 flex flex-col justify-center gap-3 sm:flex-row">
            <SmartLink href={c.cta.primary.href} className="btn btn-primary">
              {c.cta.primary.label}
            </SmartLink>
            <SmartLink href={c.cta.secondary.href} className="btn btn-ghost">
              {c.cta.secondary.label}
              <Icon name="arrowRight" size={16} />
            </SmartLink>
          </div>
        </div>
      </section>
    </article>
  );
}
