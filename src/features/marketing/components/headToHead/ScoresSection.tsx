import { useTranslation } from 'react-i18next';

import { scores as scoreValues } from '../../content/shared/headToHead';
import type { HeadToHeadContent } from '../../content/types';
import { Section, SectionHeader } from '../Section';
import { toolNames } from './toolNames';

function ScoreBar({ tool, value, leading, tone }: { tool: string; value: number; leading: boolean; tone: 'primary' | 'secondary' }) {
  const { t } = useTranslation('marketing');
  return (
    <div className="flex items-center gap-3">
      <span className="w-28 shrink-0 truncate text-xs text-base-content/70 sm:w-32">{tool}</span>
      <div
        className="h-2.5 flex-1 overflow-hidden rounded-full bg-base-300"
        role="meter"
        aria-valuemin={0}
        aria-valuemax={10}
        aria-valuenow={value}
        aria-label={t('headToHead.scoreLabel', { tool, value })}
      >
        <div
          className={`h-full rounded-full ${tone === 'primary' ? 'bg-primary' : 'bg-secondary'} ${leading ? '' : 'opacity-60'}`}
          style={{ width: `${value * 10}%` }}
        />
      </div>
      <span className={`w-10 text-right text-sm tabular-nums ${leading ? 'font-bold' : 'text-base-content/70'}`}>{value.toFixed(1)}</span>
    </div>
  );
}

/** Scores out of 10 per criterion (the numbers in content/shared/headToHead.ts), the leader's bar at full strength. */
export function ScoresSection({ scores }: { scores: HeadToHeadContent['scores'] }) {
  return (
    <Section labelledBy="scores-title">
      <SectionHeader id="scores-title" title={scores.title} subtitle={scores.subtitle} />
      <ul className="mx-auto grid max-w-4xl gap-5 md:grid-cols-2" data-testid="h2h-scores">
        {scoreValues.map((s) => (
          <li key={s.key} className="rounded-box border border-base-300 bg-base-200/40 p-4" data-score={s.key}>
            <h3 className="mb-3 font-semibold">{scores.labels[s.key]}</h3>
            <div className="space-y-2">
              <ScoreBar tool={toolNames.claude} value={s.claudeCode} leading={s.claudeCode >= s.geminiCLI} tone="primary" />
              <ScoreBar tool={toolNames.gemini} value={s.geminiCLI} leading={s.geminiCLI >= s.claudeCode} tone="secondary" />
            </div>
          </li>
        ))}
      </ul>
      <p className="mx-auto mt-4 max-w-4xl text-xs text-base-content/70">{scores.note}</p>
    </Section>
  );
}
