import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

type Tokens = { content: string; color?: string | undefined; fontStyle?: number | undefined }[][];

/** A fenced code block in a chat message: plain text first, shiki's tokens (as React spans) once loaded. */
export function ChatCodeBlock({ code, lang }: { code: string; lang: string | undefined }) {
  const { t } = useTranslation(['remote', 'common']);
  const [tokens, setTokens] = useState<Tokens | null>(null);
  const [copied, setCopied] = useState(false);
  const text = code.replace(/\n$/, '');

  useEffect(() => {
    let live = true;
    import('./highlighter')
      .then(({ highlightChatCode }) => highlightChatCode(text, lang))
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

  return (
    <div className="my-3 overflow-hidden rounded-box border border-base-300 bg-[#0d1117]">
      <div className="flex items-center justify-between border-b border-white/10 px-3 py-1">
        <span className="font-mono text-xs text-[#8b949e]">{lang || t('remote:chat.code')}</span>
        <button
          type="button"
          className="btn btn-ghost btn-xs text-[#c9d1d9] hover:bg-white/10"
          onClick={() => void navigator.clipboard?.writeText(text).then(() => setCopied(true), () => setCopied(false))}
        >
          {copied ? t('common:copied') : t('common:copy')}
        </button>
      </div>
      <pre className="overflow-x-auto p-3 text-[13px] leading-6 text-[#e6edf3]" data-highlighted={tokens ? 'true' : 'false'} tabIndex={0}>
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
    </div>
  );
}
