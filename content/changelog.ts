import {
  type ChangelogFile,
  changelogFileSchema,
  type ChangelogLanguage,
  type ChangelogPage,
  type ChangelogQuery,
} from '#protocol/changelog';

import raw from './changelog.json' with { type: 'json' };

/** The release notes, validated once at start-up: a malformed entry fails the relay's boot, not a visitor's page. */
export const changelog: ChangelogFile = changelogFileSchema.parse(raw);

/** One page of releases in one language, newest first. */
export function changelogPage(file: ChangelogFile, { lang, page, pageSize }: ChangelogQuery): ChangelogPage {
  const sorted = [...file.releases].sort((a, b) => (a.date === b.date ? 0 : a.date < b.date ? 1 : -1));
  const start = (page - 1) * pageSize;
  const entries = sorted.slice(start, start + pageSize).map((release) => ({
    version: release.version,
    date: release.date,
    ...release[lang satisfies ChangelogLanguage],
  }));
  return { lang, entries, page, pageSize, total: sorted.length, hasMore: start + pageSize < sorted.length };
}
