import { z } from 'zod';

/**
 * The changelog (spec §2 Changelog; §8 "unable to load"): GET /api/changelog?lang=en|zh&page=&pageSize=.
 * Releases are newest first; each lists its changes under the three categories the page shows.
 * Additive changes only; a renamed field is a new field.
 */
export const changelogLanguageSchema = z.enum(['en', 'zh']);
export type ChangelogLanguage = z.infer<typeof changelogLanguageSchema>;

/** The three categories, in display order: New Features, Improvements, Bug Fixes. */
export const changelogCategories = ['features', 'improvements', 'fixes'] as const;
export type ChangelogCategory = (typeof changelogCategories)[number];

const changeList = z.array(z.string().min(1)).default([]);

/** One release in one language. */
export const changelogEntrySchema = z.object({
  version: z.string().regex(/^\d+\.\d+\.\d+(-[0-9A-Za-z.]+)?$/),
  /** ISO date (YYYY-MM-DD) of the release. */
  date: z.iso.date(),
  title: z.string().min(1),
  summary: z.string().default(''),
  features: changeList,
  improvements: changeList,
  fixes: changeList,
});
export type ChangelogEntry = z.infer<typeof changelogEntrySchema>;

export const CHANGELOG_DEFAULT_PAGE_SIZE = 5;
export const CHANGELOG_MAX_PAGE_SIZE = 50;

export const changelogQuerySchema = z.object({
  lang: changelogLanguageSchema.default('en'),
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(CHANGELOG_MAX_PAGE_SIZE).default(CHANGELOG_DEFAULT_PAGE_SIZE),
});
export type ChangelogQuery = z.infer<typeof changelogQuerySchema>;

/** Body of GET /api/changelog. `hasMore` drives the page's see-more button. */
export const changelogResponseSchema = z.object({
  success: z.literal(true),
  data: z.object({
    lang: changelogLanguageSchema,
    entries: z.array(changelogEntrySchema),
    page: z.number().int().min(1),
    pageSize: z.number().int().min(1),
    total: z.number().int().nonnegative(),
    hasMore: z.boolean(),
  }),
});
export type ChangelogResponse = z.infer<typeof changelogResponseSchema>;
export type ChangelogPage = ChangelogResponse['data'];

/** The data file the relay serves from (relay/server/content/changelog.json): both languages per release. */
const localisedRelease = changelogEntrySchema.omit({ version: true, date: true });
export const changelogFileSchema = z.object({
  releases: z
    .array(
      z.object({
        version: changelogEntrySchema.shape.version,
        date: changelogEntrySchema.shape.date,
        en: localisedRelease,
        zh: localisedRelease,
      }),
    )
    .min(1),
});
export type ChangelogFile = z.infer<typeof changelogFileSchema>;
