import DOMPurify from 'dompurify';

/** Raw HTML the model may write inside markdown: harmless formatting only. */
const ALLOWED_TAGS = ['b', 'i', 'em', 'strong', 'code', 'pre', 'kbd', 'br', 'p', 'ul', 'ol', 'li', 'a', 'details', 'summary', 'sub', 'sup', 'blockquote', 'hr', 'table', 'thead', 'tbody', 'tr', 'th', 'td', 'del', 's', 'u', 'mark'];
const ALLOWED_ATTR = ['href', 'title', 'open'];

/**
 * Sanitises the raw HTML in a model's markdown with DOMPurify before markdown-to-jsx sees it: scripts, event
 * handlers, styles, iframes, images and javascript: links go. Fenced code blocks and inline code spans are left
 * untouched (they are rendered as text anyway), and prose without anything tag-like is not touched at all.
 */
export function sanitizeMarkdown(source: string): string {
  // Split into code (fenced blocks, inline spans) and prose; only prose is cleaned.
  const parts = source.split(/(^(?:```|~~~)[^\n]*\n[\s\S]*?(?:^(?:```|~~~)[ \t]*$|$(?![\s\S]))|`[^`\n]+`)/m);
  return parts
    .map((part, i) => {
      if (i % 2 === 1) return part;
      if (!/<[A-Za-z!/?]/.test(part)) return part;
      return DOMPurify.sanitize(part, { ALLOWED_TAGS, ALLOWED_ATTR, ALLOWED_URI_REGEXP: /^(?:https?:|mailto:|#|\/(?!\/))/i, KEEP_CONTENT: true });
    })
    .join('');
}
