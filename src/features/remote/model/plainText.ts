/**
 * Markdown → one line of plain text, for previews (the session list's last message). Not a parser: it drops the
 * syntax people actually send (code fences, inline code, emphasis, links, images, headings, quotes, list marks, tables,
 * HTML tags) and keeps the words.
 */
export function markdownToPlain(source: string): string {
  return (
    source
      // Fenced code blocks: keep the code, drop the fence lines and the language tag (an unclosed fence too).
      .replace(/^[ \t]*(`{3,}|~{3,})[^\n]*\n?/gm, '')
      // Images before links: ![alt](url) → alt; [text](url) / [text][ref] → text; <https://…> → https://…
      .replace(/!\[([^\]]*)\]\([^)]*\)/g, '$1')
      .replace(/\[([^\]]+)\]\([^)]*\)/g, '$1')
      .replace(/\[([^\]]+)\]\[[^\]]*\]/g, '$1')
      .replace(/<((?:https?|mailto):[^>\s]+)>/g, '$1')
      // HTML tags.
      .replace(/<\/?[a-zA-Z][^>]*>/g, '')
      // Inline code (any number of backticks).
      .replace(/(`+)([^`]*?)\1/g, '$2')
      .replace(/`+/g, '')
      // Headings, quotes, list marks, horizontal rules, table pipes at line starts.
      .replace(/^[ \t]*#{1,6}[ \t]+/gm, '')
      .replace(/^[ \t]*(?:>[ \t]?)+/gm, '')
      .replace(/^[ \t]*(?:[-*+]|\d+[.)])[ \t]+(?:\[[ xX]\][ \t]+)?/gm, '')
      .replace(/^[ \t]*(?:[-*_][ \t]*){3,}$/gm, '')
      .replace(/^[ \t]*\|?(?:[ \t]*:?-{2,}:?[ \t]*\|)+[ \t]*:?-*:?[ \t]*$/gm, '')
      .replace(/[ \t]*\|[ \t]*/g, ' ')
      // Emphasis and strike-through: **x**, __x__, *x*, _x_, ~~x~~ (not snake_case words).
      .replace(/(\*\*|__)(?=\S)([\s\S]*?\S)\1/g, '$2')
      .replace(/(^|[^\w*])\*(?=\S)([^*\n]*?\S)\*(?!\w)/g, '$1$2')
      .replace(/(^|[^\w_])_(?=\S)([^_\n]*?\S)_(?!\w)/g, '$1$2')
      .replace(/~~(?=\S)([\s\S]*?\S)~~/g, '$1')
      // Backslash escapes.
      .replace(/\\([\\`*_{}[\]()#+\-.!|~>])/g, '$1')
      .replace(/\s+/g, ' ')
      .trim()
  );
}
