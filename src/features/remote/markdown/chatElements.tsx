import { createElement, Fragment, type Key, type ReactNode } from 'react';

import { ChatImage } from './ChatImage';
import { safeLinkHref } from './urlPolicy';

/**
 * The last gate between markdown-to-jsx and React: every element a chat message produces passes through here. Only
 * the tags below are made, each with our own classes and only the attributes named here; any other tag keeps its
 * text and loses the element. So no id (DOM clobbering, anchors that collide with the app's), no style, no class from
 * the message, no handler, no form control, whatever the parser might produce.
 */
const classes: Record<string, string> = {
  h1: 'mt-3 mb-2 text-lg font-bold',
  h2: 'mt-3 mb-2 text-base font-bold',
  h3: 'mt-3 mb-1 font-semibold',
  h4: 'mt-3 mb-1 font-semibold',
  h5: 'mt-3 mb-1 font-semibold',
  h6: 'mt-3 mb-1 font-semibold',
  p: 'my-2 leading-relaxed',
  a: 'link link-primary',
  ul: 'my-2 list-disc space-y-1 pl-5',
  ol: 'my-2 list-decimal space-y-1 pl-5',
  li: '',
  blockquote: 'my-2 border-l-4 border-base-300 pl-3 text-base-content/80',
  code: 'rounded bg-base-200 px-1 py-0.5 font-mono text-[0.9em] [overflow-wrap:anywhere]',
  pre: 'my-2 overflow-x-auto whitespace-pre-wrap font-mono text-xs',
  table: 'table table-sm my-2 block overflow-x-auto',
  thead: '',
  tbody: '',
  tr: '',
  th: '',
  td: '',
  hr: 'my-3 border-base-300',
  em: '',
  strong: '',
  del: '',
  mark: '',
  sup: '',
  sub: '',
  br: '',
  span: '',
  div: '',
  // Footnotes.
  footer: 'mt-3 border-t border-base-300 pt-2 text-xs text-base-content/70',
};

const alignments: Record<string, string> = { left: 'text-left', center: 'text-center', right: 'text-right' };

type Props = Record<string, unknown> & { key?: Key | null };

const text = (value: unknown): string | undefined => (typeof value === 'string' ? value : undefined);

function allowedProps(tag: string, props: Props): Record<string, unknown> {
  const out: Record<string, unknown> = { key: props.key };
  const className = classes[tag];
  switch (tag) {
    case 'a': {
      const href = typeof props.href === 'string' ? safeLinkHref(props.href) : null;
      if (href) Object.assign(out, { href, target: '_blank', rel: 'noopener noreferrer' });
      if (text(props.title)) out.title = props.title;
      break;
    }
    case 'ol':
      if (typeof props.start === 'number' && Number.isInteger(props.start)) out.start = props.start;
      break;
    case 'th':
    case 'td': {
      // GFM column alignment arrives as an inline style; it leaves as one of three classes.
      const align = (props.style as { textAlign?: unknown } | undefined)?.textAlign;
      const alignClass = typeof align === 'string' ? alignments[align] : undefined;
      if (alignClass) out.className = alignClass;
      break;
    }
  }
  if (className) out.className = out.className ? `${className} ${String(out.className)}` : className;
  return out;
}

/** markdown-to-jsx's `createElement` option. */
export function createChatElement(tag: unknown, props: Props | null, ...children: ReactNode[]): ReactNode {
  const p: Props = props ?? {};
  if (tag === 'img') return createElement(ChatImage, { key: p.key, src: text(p.src), alt: text(p.alt), title: text(p.title) });
  // A GFM task's checkbox: a mark, not a form control.
  if (tag === 'input') return p.type === 'checkbox' ? createElement('span', { key: p.key }, p.checked ? '☑' : '☐') : null;
  if (typeof tag === 'string' && Object.hasOwn(classes, tag)) return createElement(tag, allowedProps(tag, p), ...children);
  // Anything else (no other tag is expected, and none is trusted): its text without the element.
  return createElement(Fragment, { key: p.key }, ...children);
}
