import { Markdown, type MarkdownToJSX, RuleType } from 'markdown-to-jsx/react';

import { ChatCodeBlock } from './ChatCodeBlock';
import { createChatElement } from './chatElements';
import { safeImageSrc, safeLinkHref } from './urlPolicy';

const options: MarkdownToJSX.Options = {
  // Raw HTML in a message is shown as the text it is, never parsed: no tag the model writes becomes an element.
  disableParsingRawHTML: true,
  // The URLs markdown syntax produces (links, autolinks, reference links, images) meet our allow-lists.
  sanitizer: (value, tag, attribute) =>
    attribute === 'href' ? safeLinkHref(value) : tag === 'img' && attribute === 'src' ? safeImageSrc(value) : null,
  // …and every element the parser produces passes one allow-list of tags and attributes.
  createElement: createChatElement as MarkdownToJSX.Options['createElement'],
  wrapper: null,
  renderRule(next, node, _children, state) {
    // Code is text: shiki's tokens become React spans (see the shared CodeBlock), never an HTML string.
    if (node.type === RuleType.codeBlock) return <ChatCodeBlock key={state.key} code={node.text} lang={node.lang} />;
    return next();
  },
};

/**
 * An assistant message: markdown, with raw HTML shown as text, elements and URLs held to allow-lists, images loaded
 * only on a click, and highlighted code. Its own lazy chunk.
 */
export default function ChatMarkdown({ source }: { source: string }) {
  return (
    <div className="break-words text-sm sm:text-[15px]">
      <Markdown options={options}>{source}</Markdown>
    </div>
  );
}
