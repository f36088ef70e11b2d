import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';

import { useReducedMotion } from '../../../../shared/ui/useReducedMotion';
import type { HomeContent } from '../../content/types';
import { useScriptedLines } from '../../hooks/useHeroAnimation';
import { Icon } from '../icons';
import { TerminalWindow } from '../TerminalWindow';

/**
 * Four use-case links beside an animated terminal. The demo cycles on its own until the visitor picks one; then it
 * stays on their choice. With reduced motion every line shows at once and nothing cycles.
 */
export function UseCaseShowcase({ useCases }: { useCases: HomeContent['useCases'] }) {
  const { t } = useTranslation('marketing');
  const reduced = useReducedMotion();
  const [active, setActive] = useState(0);
  const [pinned, setPinned] = useState(false);
  const current = useCases.items[active] ?? useCases.items[0]!;
  const next = useCallback(() => {
    if (!pinned) setActive((i) => (i + 1) % useCases.items.length);
  }, [pinned, useCases.items.length]);
  const shown = useScriptedLines(current.slug, current.demo.length, !reduced, next);

  const choose = (index: number) => {
    setActive(index);
    setPinned(true);
  };

  return (
    <div className="grid items-start gap-8 lg:grid-cols-[1fr_1.15fr]">
      <ul className="grid gap-3" aria-label={t('home.useCaseTabs')}>
        {useCases.items.map((item, index) => {
          const selected = index === active;
          return (
            <li
              key={item.slug}
              className={`group relative rounded-box border p-4 transition-colors ${selected ? 'border-primary bg-primary/5' : 'border-base-300 bg-base-200/40 hover:border-primary/50'}`}
              data-testid="use-case-card"
            >
              <div className="flex items-start gap-3">
                <span
                  className={`grid h-10 w-10 shrink-0 place-items-center rounded-box ${selected ? 'bg-primary text-primary-content' : 'bg-primary/10 text-primary'}`}
                >
                  <Icon name={item.icon} />
                </span>
                <div className="min-w-0 flex-1">
                  <h3 className="font-semibold">
                    <Link href={`/use-cases/${item.slug}`} className="link link-hover after:absolute after:inset-0 after:content-['']">
                      {item.title}
                    </Link>
                  </h3>
                  <p className="mt-1 text-sm text-base-content/70">{item.description}</p>
                </div>
                <button
                  type="button"
                  className={`btn btn-sm relative z-10 shrink-0 ${selected ? 'btn-primary' : 'btn-ghost'}`}
                  aria-pressed={selected}
                  aria-label={t('home.showDemo', { name: item.title })}
                  onClick={() => choose(index)}
                >
                  <Icon name="terminal" size={16} />
                </button>
              </div>
            </li>
          );
        })}
      </ul>
      <div className="lg:sticky lg:top-24">
        <TerminalWindow
          key={current.slug}
          lines={current.demo}
          shown={shown}
          label={t('home.demoCaption', { label: useCases.demoLabel, name: current.title })}
          title={current.title}
          cursor={!reduced}
          className="min-h-[15rem]"
        />
        <p className="mt-3 text-sm text-base-content/70" aria-live="polite">
          {t('home.demoCaption', { label: useCases.demoLabel, name: current.title })}
        </p>
      </div>
    </div>
  );
}
