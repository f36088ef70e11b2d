import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

import { Icon } from '../icons';

/**
 * Window chrome around a demo terminal. The animated screen is hidden from assistive technology; `transcript` (the
 * full text, visually hidden) is what screen readers and crawlers read. A pause button satisfies WCAG 2.2.2.
 */
export function TerminalFrame({
  title,
  transcript,
  children,
  paused,
  onTogglePause,
  showControls,
  minHeight = 'min-h-56',
}: {
  title: string;
  transcript: ReactNode;
  children: ReactNode;
  paused: boolean;
  onTogglePause: () => void;
  showControls: boolean;
  /** Keeps the frame from jumping while lines come and go. */
  minHeight?: string;
}) {
  const { t } = useTranslation('docs');
  return (
    <figure className="mx-auto w-full max-w-3xl overflow-hidden rounded-box border border-base-300 bg-[#0d1117] text-left shadow-xl shadow-black/20">
      <figcaption className="flex items-center gap-2 border-b border-white/10 bg-[#161b22] px-4 py-2.5">
        <span className="size-3 rounded-full bg-[#f85149]" aria-hidden="true" />
        <span className="size-3 rounded-full bg-[#d29922]" aria-hidden="true" />
        <span className="size-3 rounded-full bg-[#3fb950]" aria-hidden="true" />
        <span className="ml-2 truncate font-mono text-xs text-[#8b949e]">{title}</span>
        {showControls && (
          <button
            type="button"
            onClick={onTogglePause}
            aria-label={paused ? t('useCases.terminal.play') : t('useCases.terminal.pause')}
            className="btn btn-ghost btn-xs ml-auto shrink-0 text-[#c9d1d9] hover:bg-white/10"
          >
            <Icon name={paused ? 'play' : 'pause'} size={14} />
            <span className="hidden sm:inline">{paused ? t('useCases.terminal.play') : t('useCases.terminal.pause')}</span>
          </button>
        )}
      </figcaption>
      <div className="sr-only">{transcript}</div>
      <div
        aria-hidden="true"
        className={`${minHeight} overflow-x-auto p-4 font-mono text-[13px] leading-6 text-[#e6edf3] sm:p-5 sm:text-sm`}
      >
        {children}
      </div>
    </figure>
  );
}
