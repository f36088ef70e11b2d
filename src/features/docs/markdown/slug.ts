/** Heading ids: lower case, punctuation dropped, spaces to hyphens; CJK characters are kept so Chinese anchors work. */
export function headingSlug(text: string): string {
  return text
    .toLowerCase()
    .trim()
    .replace(/[^\p{L}\p{N}\s-]/gu, '')
    .replace(/\s+/g, '-');
}

export interface TocEntry {
  id: string;
  title: string;
}

/** The level-2 headings of a markdown text (outside fenced code), for the table of contents. */
export function markdownToc(markdown: string): TocEntry[] {
  const toc: TocEntry[] = [];
  let fenced = false;
  for (const line of markdown.split('\n')) {
    if (/^\s*(```|~~~)/.test(line)) fenced = !fenced;
    const match = !fenced && /^##\s+(.+?)\s*#*\s*$/.exec(line);
    if (match) {
      const title = match[1]!.replace(/[`*_]/g, '');
      toc.push({ id: headingSlug(title), title });
    }
  }
  return toc;
}
