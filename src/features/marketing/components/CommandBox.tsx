import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';

import { Icon } from './icons';

interface CommandBoxProps {
  /** One command per line. */
  commands: readonly string[];
  label?: string;
  className?: string;
}

/** A copyable shell snippet. */
export function CommandBox({ commands, label, className = '' }: CommandBoxProps) {
  const { t } = useTranslation('marketing');
  const [state, setState] = useState<'idle' | 'copied' | 'failed'>('idle');
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(commands.join('\n'));
      setState('copied');
    } catch {
      setState('failed');
    }
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setState('idle'), 2000);
  };

  return (
    <div className={`relative min-w-0 max-w-full overflow-hidden rounded-box border border-base-300 bg-neutral text-neutral-content ${className}`} data-testid="command-box">
      <div className="flex items-center justify-between gap-2 border-b border-white/10 px-3 py-1.5">
        <span className="truncate text-xs text-neutral-content/60">{label ?? t('ui.terminal')}</span>
        <button type="button" onClick={() => void copy()} className="btn btn-ghost btn-xs gap-1 text-neutral-content/80 hover:text-neutral-content" aria-label={t('ui.copyCommand')}>
          <Icon name={state === 'copied' ? 'check' : 'copy'} size={14} />
          <span aria-live="polite">{state === 'copied' ? t('ui.copied') : state === 'failed' ? t('ui.copyFailed') : t('ui.copy')}</span>
        </button>
      </div>
      <pre className="overflow-x-auto px-4 py-3 text-sm leading-relaxed">
        <code>
          {commands.map((c, i) => (
            <span key={i} className="block">
              {c.startsWith('#') ? (
                <span className="text-neutral-content/50">{c}</span>
              ) : (
                <>
                  <span className="select-none text-success" aria-hidden="true">
                    ${' '}
                  </span>
                  {c}
                </>
              )}
            </span>
          ))}
        </code>
      </pre>
    </div>
  );
}
