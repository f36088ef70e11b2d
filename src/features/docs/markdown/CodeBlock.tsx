import { useTranslation } from 'react-i18next';

import { CodeBlock as SharedCodeBlock, type HighlightCode } from '../../../shared/ui/CodeBlock';

// The docs' own highlighter chunk (the guides' few languages), loaded on first use.
const highlight: HighlightCode = (code, lang) => import('./highlighter').then(({ highlightTokens }) => highlightTokens(code, lang));

/** A fenced code block on a docs page (see the shared CodeBlock: plain text first, shiki's tokens once loaded). */
export function CodeBlock({ code, lang }: { code: string; lang: string | undefined }) {
  const { t } = useTranslation('docs');
  return (
    <SharedCodeBlock
      code={code}
      lang={lang}
      highlight={highlight}
      defaultLabel={t('markdown.code')}
      copyLabel={t('markdown.copyCode')}
      announceCopy
      look="roomy"
    />
  );
}
