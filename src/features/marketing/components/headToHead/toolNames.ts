import { toolFacts } from '../../content/shared/tools';
import type { Winner } from '../../content/types';

/** The two contenders' display names, by the content's winner keys. */
export const toolNames: Record<Winner, string> = { claude: toolFacts['claude-code'].name, gemini: toolFacts['gemini-cli'].name };
