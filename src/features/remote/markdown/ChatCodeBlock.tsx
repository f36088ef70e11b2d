import { useTranslation } from 'react-i18next';

import { CodeBlock, type HighlightCode } from '../../../shared/ui/CodeBlock';

// The chat's own highlighter chunk (more languages, each loaded the first time it shows up).
const highlight: HighlightCode = (code, lang) => import('./highlighter').then(({ highlightChatCode }) => highlightChatCode(code, lang));

/** A fenced code block in a chat message: plain text first, shiki's tokens (as React spans) once loaded. */
export function ChatCodeBlock({ code, lang }: { code: string; lang: string | undefined }) {
  const { t } = useTranslation('remote');
  return <CodeBlock code={code} lang={lang} highlight={highlight} defaultLabel={t('chat.code')} look="compact" />;
}
