import type { Language } from '#protocol/languages';

import { en } from './en';
import type { DocsContent } from './types';
import { zh } from './zh';

export const docsContent: Record<Language, DocsContent> = { en, zh };
