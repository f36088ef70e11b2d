import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

type Tokens = { content: string; color?: string | undefined; fontStyle?: number | undefined }[][];

/**
 * A fenced code block. It first renders as plain text (that is also what the prerendered HTML holds, so hydration
 * matches), then swaps in shiki's coloured tokens once the highlighter chunk has loaded. Tokens are rendered as React
 * spans, never as HTML strings.
 */
export function CodeBlock({ code, lang }: { code: string; lang: string | undefined }) {
  const { t } = useTranslation(['docs', 'common']);
  const [tokens, setTokens] = useState<Tokens | null>(null);
  const [copied, setCopied] = useState(false);
  const text = code.replace(/\n$/, '');

  useEffect(() => {
    let live = true;
    import('./highlighter')
      .then(({ highlightTokens }) => highlightTokens(text, lang))
      .then((result) => live && result && setTokens(result))
      .catch(() => {
        // Highlighting is decoration: on failure the plain block stays.
      });
    return () => {
      live = false;
    };
  }, [text, lang]);

  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), 1500);
    return () => clearTimeout(timer);
  }, [copied]);

  const copy = () => {
    void navigator.clipboard?.writeText(text).then(
      () => setCopied(true),
      () => setCopied(false),
    );
  };

  return (
    <div className="group relative my-5 overflow-hidden rounded-box border border-base-300 bg-[#0d1117]">
      <div className="flex items-center justify-between border-b border-white/10 px-4 py-1.5">
        <span className="font-mono text-xs text-[#8b949e]">{lang || t('docs:markdown.code')}</span>
        <button type="button" onClick={copy} className="btn btn-ghost btn-xs text-[#c9d1d9] hover:bg-white/10" aria-label={t('docs:markdown.copyCode')}>
          {copied ? t('common:copied') : t('common:copy')}
        </button>
      </div>
      <pre className="overflow-x-auto p-4 text-[13px] leading-6 text-[#e6edf3] sm:text-sm" data-highlighted={tokens ? 'true' : 'false'} tabIndex={0}>
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
      <span className="sr-only" aria-live="polite">
        {copied ? t('common:copied') : ''}
      </span>
    </div>
  );
}
