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
    <div
      className={`relative min-w-0 max-w-full overflow-hidden rounded-box border border-base-300 bg-[#161b22] text-[#e6edf3] ${className}`}
      data-testid="command-box"
    >
      <div className="flex items-center justify-between gap-2 border-b border-white/10 px-3 py-1.5">
        <span className="truncate text-xs text-[#8b949e]">{label ?? t('ui.terminal')}</span>
        <button
          type="button"
          onClick={() => void copy()}
          className="btn btn-ghost btn-xs gap-1 text-[#c9d1d9] hover:bg-white/10 hover:text-white"
          aria-label={t('ui.copyCommand')}
        >
          <Icon name={state === 'copied' ? 'check' : 'copy'} size={14} />
          <span aria-live="polite">{state === 'copied' ? t('ui.copied') : state === 'failed' ? t('ui.copyFailed') : t('ui.copy')}</span>
        </button>
      </div>
      {/* Focusable: long commands scroll sideways, and keyboard users must be able to scroll them too. */}
      <pre
        className="overflow-x-auto px-4 py-3 text-sm leading-relaxed focus-visible:outline-2 focus-visible:outline-[#79c0ff]"
        tabIndex={0}
      >
        <code>
          {commands.map((c, i) => (
            <span key={i} className="block">
              {c.startsWith('#') ? (
                <span className="text-[#8b949e]">{c}</span>
              ) : (
                <>
                  <span className="select-none text-[#56d364]" aria-hidden="true">
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
