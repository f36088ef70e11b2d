import type { TerminalLine } from '../content/types';

// The terminal is dark in both themes, so its colours are fixed (theme colours would fail contrast in light mode).
const lineClass: Record<TerminalLine['kind'], string> = {
  command: 'text-[#e6edf3]',
  output: 'text-[#b1bac4]',
  success: 'text-[#56d364]',
  comment: 'text-[#8b949e] italic',
};

const prefix: Record<TerminalLine['kind'], string> = {
  command: '$',
  output: ' ',
  success: '✓',
  comment: '#',
};

interface TerminalWindowProps {
  lines: readonly TerminalLine[];
  /** How many lines are shown (the rest are typed in later); all by default. */
  shown?: number;
  label: string;
  title?: string;
  className?: string;
  /** Blinking cursor after the last shown line. */
  cursor?: boolean;
}

/** A macOS-style terminal frame. Hidden lines keep their space so the layout does not jump while it types. */
export function TerminalWindow({ lines, shown = lines.length, label, title, className = '', cursor = false }: TerminalWindowProps) {
  return (
    <figure
      className={`overflow-hidden rounded-box border border-base-300 bg-[#161b22] text-left shadow-2xl shadow-black/20 ${className}`}
      aria-label={label}
    >
      <div className="flex items-center gap-2 border-b border-white/10 px-4 py-2.5" aria-hidden="true">
        <span className="h-3 w-3 rounded-full bg-[#ff5f57]" />
        <span className="h-3 w-3 rounded-full bg-[#febc2e]" />
        <span className="h-3 w-3 rounded-full bg-[#28c840]" />
        {title && <span className="ml-2 truncate font-mono text-xs text-[#8b949e]">{title}</span>}
      </div>
      <pre className="overflow-x-auto px-4 py-4 font-mono text-[13px] leading-6 sm:text-sm">
        {lines.map((line, i) => (
          <div
            key={i}
            className={`flex gap-3 ${lineClass[line.kind]} ${i < shown ? '' : 'invisible'}`}
            data-terminal-line={i < shown ? 'shown' : 'hidden'}
            aria-hidden={i < shown ? undefined : true}
          >
            <span className={`w-3 shrink-0 select-none ${line.kind === 'command' ? 'text-[#79c0ff]' : ''}`} aria-hidden="true">
              {prefix[line.kind]}
            </span>
            <span className="whitespace-pre-wrap break-words">
              {line.text}
              {cursor && i === Math.min(shown, lines.length) - 1 && (
                <span className="ml-1 inline-block h-4 w-2 translate-y-0.5 animate-pulse bg-[#e6edf3]/70" aria-hidden="true" />
              )}
            </span>
          </div>
        ))}
      </pre>
    </figure>
  );
}
