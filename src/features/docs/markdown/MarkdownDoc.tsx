import { Markdown, type MarkdownToJSX, RuleType } from 'markdown-to-jsx/react';
import type { ComponentProps, ReactNode } from 'react';
import { Link } from 'wouter';

import { CodeBlock } from './CodeBlock';
import { headingSlug } from './slug';

function DocLink({ href = '', children, ...rest }: ComponentProps<'a'>) {
  const className = 'link link-primary font-medium';
  // Site paths go through the router, so they keep the language prefix and skip a full reload.
  if (href.startsWith('/') && !href.startsWith('//')) {
    return (
      <Link href={href} className={className}>
        {children}
      </Link>
    );
  }
  const external = /^https?:\/\//.test(href);
  return (
    <a {...rest} href={href} className={className} {...(external && { target: '_blank', rel: 'noopener noreferrer' })}>
      {children}
    </a>
  );
}

const heading =
  (Tag: 'h1' | 'h2' | 'h3' | 'h4', className: string) =>
  ({ children, id }: { children?: ReactNode; id?: string }) => (
    <Tag id={id} className={className}>
      {children}
    </Tag>
  );

const overrides: MarkdownToJSX.Overrides = {
  h1: heading('h1', 'text-3xl font-extrabold tracking-tight sm:text-4xl'),
  h2: heading('h2', 'mt-12 scroll-mt-24 border-b border-base-300 pb-2 text-2xl font-bold tracking-tight'),
  h3: heading('h3', 'mt-8 scroll-mt-24 text-lg font-semibold'),
  h4: heading('h4', 'mt-6 font-semibold'),
  p: { props: { className: 'my-4 leading-7 text-base-content/85' } },
  a: DocLink,
  ul: { props: { className: 'my-4 list-disc space-y-2 pl-6 leading-7 text-base-content/85 marker:text-base-content/40' } },
  ol: { props: { className: 'my-4 list-decimal space-y-2 pl-6 leading-7 text-base-content/85 marker:text-base-content/60' } },
  blockquote: { props: { className: 'my-5 rounded-box border-l-4 border-info bg-info/10 px-4 py-1 text-base-content/85' } },
  table: ({ children }: { children?: ReactNode }) => (
    <div className="my-5 overflow-x-auto rounded-box border border-base-300">
      <table className="table table-sm">{children}</table>
    </div>
  ),
  th: { props: { className: 'bg-base-200 text-base-content whitespace-nowrap' } },
  td: { props: { className: 'min-w-36 align-top' } },
  code: { props: { className: 'rounded bg-base-200 px-1.5 py-0.5 font-mono text-[0.9em] text-base-content [overflow-wrap:anywhere]' } },
  hr: { props: { className: 'my-8 border-base-300' } },
};

const options: MarkdownToJSX.Options = {
  overrides,
  // Our own files, but raw HTML would be the one way around the overrides (and the CSP): keep it off.
  disableParsingRawHTML: true,
  slugify: (text) => headingSlug(text),
  wrapper: null,
  renderRule(next, node, _children, state) {
    if (node.type === RuleType.codeBlock) return <CodeBlock key={state.key} code={node.text} lang={node.lang} />;
    return next();
  },
};

/** Renders one of the install guides with site styles, router links and highlighted code. */
export function MarkdownDoc({ source }: { source: string }) {
  return <Markdown options={options}>{source}</Markdown>;
}
