import type { Language } from '#protocol/languages';
import type { UseCaseSlug } from '#protocol/routes';

import { en } from './en';
import type { UseCaseContentMap } from './types';
import { zh } from './zh';

export const useCaseContent: Record<Language, UseCaseContentMap> = { en, zh };

export function contentFor<S extends UseCaseSlug>(lang: Language, slug: S): UseCaseContentMap[S] {
  return useCaseContent[lang][slug];
}
