import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

import { useCopyText } from './useCopyText';

/** shiki's themed tokens, one array per line (only the fields rendered here). */
export type CodeTokens = { content: string; color?: string | undefined; fontStyle?: number | undefined }[][];

/**
 * Colours a block: tokens per line, or null when the language is not highlighted. Each feature passes a function that
 * dynamically imports its own highlighter chunk (with its own languages), so shiki never lands in the first load.
 */
export type HighlightCode = (code: string, lang: string | undefined) => Promise<CodeTokens | null>;

const looks = {
  /** Docs pages. */
  roomy: { box: 'group relative my-5', bar: 'px-4 py-1.5', pre: 'p-4 sm:text-sm' },
  /** Chat messages. */
  compact: { box: 'my-3', bar: 'px-3 py-1', pre: 'p-3' },
} as const;

export interface CodeBlockProps {
  code: string;
  lang: string | undefined;
  highlight: HighlightCode;
  /** Shown in the header when the block names no language. */
  defaultLabel: string;
  /** The copy button's accessible name; without it the button is named by its text. */
  copyLabel?: string;
  /** Also announce "Copied" to screen readers through a polite live region. */
  announceCopy?: boolean;
  look: keyof typeof looks;
}

/**
 * A fenced code block with a copy button. It first renders as plain text (that is also what prerendered HTML holds, so
 * hydration matches), then swaps in shiki's coloured tokens once the highlighter chunk has loaded. Tokens are rendered
 * as React spans, never as HTML strings.
 */
export function CodeBlock({ code, lang, highlight, defaultLabel, copyLabel, announceCopy = false, look }: CodeBlockProps) {
  const { t } = useTranslation('common');
  const [tokens, setTokens] = useState<CodeTokens | null>(null);
  const { copied, copy } = useCopyText();
  const text = code.replace(/\n$/, '');
  const classes = looks[look];

  useEffect(() => {
    let live = true;
    highlight(text, lang)
      .then((result) => live && result && setTokens(result))
      .catch(() => {
        // Highlighting is decoration: on failure the plain block stays.
      });
    return () => {
      live = false;
    };
  }, [highlight, text, lang]);

  return (
    <div className={`${classes.box} overflow-hidden rounded-box border border-base-300 bg-[#0d1117]`}>
      <div className={`flex items-center justify-between border-b border-white/10 ${classes.bar}`}>
        <span className="font-mono text-xs text-[#8b949e]">{lang || defaultLabel}</span>
        <button
          type="button"
          onClick={() => copy(text)}
          className="btn btn-ghost btn-xs text-[#c9d1d9] hover:bg-white/10"
          aria-label={copyLabel}
        >
          {copied ? t('copied') : t('copy')}
        </button>
      </div>
      <pre
        className={`overflow-x-auto ${classes.pre} text-[13px] leading-6 text-[#e6edf3]`}
        data-highlighted={tokens ? 'true' : 'false'}
        tabIndex={0}
      >
        <code className="font-mono">
          {tokens
            ? tokens.map((line, i) => (
                <span key={i} className="block min-h-6">
                  {line.map((token, j) => (
                    <span key={j} style={{ color: token.color, fontStyle: token.fontStyle && token.fontStyle & 1 ? 'italic' : undefined }}>
                      {token.content}
                    </span>
                  ))}
                </span>
              ))
            : text}
        </code>
      </pre>
      {announceCopy && (
        <span className="sr-only" aria-live="polite">
          {copied ? t('copied') : ''}
        </span>
      )}
    </div>
  );
}
