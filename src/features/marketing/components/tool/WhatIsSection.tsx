import type { ToolContent } from '../../content/types';
import { CommandBox } from '../CommandBox';
import { Icon } from '../icons';
import { Section, SectionHeader } from '../Section';

/** The one-command start beside "what is": the command, a note, and (Groq Code) actions shown switched off. */
function QuickStartCard({ quickStart }: { quickStart: ToolContent['quickStart'] }) {
  return (
    <aside
      aria-labelledby="quick-start-title"
      className="min-w-0 self-start rounded-box border border-primary/30 bg-base-100 p-5 shadow-lg shadow-primary/5"
      data-testid="quick-start"
    >
      <h2 id="quick-start-title" className="flex items-center gap-2 text-xl font-bold">
        <span className="text-primary">
          <Icon name="zap" />
        </span>
        {quickStart.title}
      </h2>
      <p className="mt-2 text-sm text-base-content/70">{quickStart.description}</p>
      <CommandBox commands={[quickStart.command]} className="mt-4" />
      <p className="mt-3 text-xs text-base-content/70">{quickStart.note}</p>
      {quickStart.disabledActions && (
        <div className="mt-4">
          <div className="flex flex-wrap gap-2">
            <button
              type="button"
              className="btn btn-sm"
              disabled
              aria-describedby="disabled-actions-note"
              data-testid="quick-install-button"
            >
              {quickStart.disabledActions.quickInstall}
            </button>
            <button type="button" className="btn btn-sm" disabled aria-describedby="disabled-actions-note" data-testid="api-key-button">
              {quickStart.disabledActions.apiKey}
            </button>
          </div>
          <p id="disabled-actions-note" className="mt-2 text-xs text-base-content/70">
            {quickStart.disabledActions.note}
          </p>
        </div>
      )}
    </aside>
  );
}

/** "What is <tool>": paragraphs and key facts, with the quick start card beside them. */
export function WhatIsSection({ whatIs, quickStart }: Pick<ToolContent, 'whatIs' | 'quickStart'>) {
  return (
    <Section tinted labelledBy="what-is-title" className="grid grid-cols-1 gap-10 lg:grid-cols-[1.3fr_1fr]">
      <div>
        <SectionHeader id="what-is-title" title={whatIs.title} align="left" />
        <div className="-mt-4 space-y-4 text-base-content/80">
          {whatIs.paragraphs.map((p) => (
            <p key={p}>{p}</p>
          ))}
        </div>
        <dl className="mt-8 grid grid-cols-2 gap-3 sm:grid-cols-4">
          {whatIs.facts.map((f) => (
            <div key={f.label} className="rounded-box border border-base-300 bg-base-100 p-3">
              <dt className="text-xs text-base-content/70">{f.label}</dt>
              <dd className="mt-1 font-semibold">{f.value}</dd>
            </div>
          ))}
        </dl>
      </div>
      <QuickStartCard quickStart={quickStart} />
    </Section>
  );
}
