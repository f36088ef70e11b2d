import type { Language } from '../../../shared/i18n/languages';
import type { UseCaseSlug } from '../../../shared/routing/routeTable';
import { en } from './en';
import type { UseCaseContentMap } from './types';
import { zh } from './zh';

export const useCaseContent: Record<Language, UseCaseContentMap> = { en, zh };

export function contentFor<S extends UseCaseSlug>(lang: Language, slug: S): UseCaseContentMap[S] {
  return useCaseContent[lang][slug];
}
