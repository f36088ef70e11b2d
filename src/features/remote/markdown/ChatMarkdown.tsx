import { Markdown, type MarkdownToJSX, RuleType } from 'markdown-to-jsx/react';
import { useMemo } from 'react';

import { ChatCodeBlock } from './ChatCodeBlock';
import { sanitizeMarkdown } from './sanitize';

const overrides: MarkdownToJSX.Overrides = {
  h1: { props: { className: 'mt-3 mb-2 text-lg font-bold' } },
  h2: { props: { className: 'mt-3 mb-2 text-base font-bold' } },
  h3: { props: { className: 'mt-3 mb-1 font-semibold' } },
  p: { props: { className: 'my-2 leading-relaxed' } },
  a: { props: { className: 'link link-primary', target: '_blank', rel: 'noopener noreferrer' } },
  ul: { props: { className: 'my-2 list-disc space-y-1 pl-5' } },
  ol: { props: { className: 'my-2 list-decimal space-y-1 pl-5' } },
  blockquote: { props: { className: 'my-2 border-l-4 border-base-300 pl-3 text-base-content/80' } },
  code: { props: { className: 'rounded bg-base-200 px-1 py-0.5 font-mono text-[0.9em] [overflow-wrap:anywhere]' } },
  table: { props: { className: 'table table-sm my-2 block overflow-x-auto' } },
  hr: { props: { className: 'my-3 border-base-300' } },
};

const options: MarkdownToJSX.Options = {
  overrides,
  wrapper: null,
  renderRule(next, node, _children, state) {
    if (node.type === RuleType.codeBlock) return <ChatCodeBlock key={state.key} code={node.text} lang={node.lang} />;
    return next();
  },
};

/** An assistant message: markdown with sanitised raw HTML and highlighted code. Its own lazy chunk. */
export default function ChatMarkdown({ source }: { source: string }) {
  const clean = useMemo(() => sanitizeMarkdown(source), [source]);
  return (
    <div className="break-words text-sm sm:text-[15px]">
      <Markdown options={options}>{clean}</Markdown>
    </div>
  );
}
