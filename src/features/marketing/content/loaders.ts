import type { ToolSlug } from '#protocol/routes';

import type { HeadToHeadContent, LeaderboardContent, PricingContent, ToolContent } from './types';
import type { ContentLoaders } from './useContent';

// One chunk per page and language: a visitor downloads only the words of the page they open, in their language.
// (The home page imports its words directly; see HomePage.tsx.)

export const pricingContent: ContentLoaders<PricingContent> = {
  en: () => import('./en/pricing'),
  zh: () => import('./zh/pricing'),
};

export const leaderboardContent: ContentLoaders<LeaderboardContent> = {
  en: () => import('./en/leaderboard'),
  zh: () => import('./zh/leaderboard'),
};

export const toolContent: Record<ToolSlug, ContentLoaders<ToolContent>> = {
  'gemini-cli': { en: () => import('./en/tools/gemini-cli'), zh: () => import('./zh/tools/gemini-cli') },
  'claude-code': { en: () => import('./en/tools/claude-code'), zh: () => import('./zh/tools/claude-code') },
  'coderabbit-cli': { en: () => import('./en/tools/coderabbit-cli'), zh: () => import('./zh/tools/coderabbit-cli') },
  'codex-cli': { en: () => import('./en/tools/codex-cli'), zh: () => import('./zh/tools/codex-cli') },
  'qwen-code': { en: () => import('./en/tools/qwen-code'), zh: () => import('./zh/tools/qwen-code') },
  'groq-code': { en: () => import('./en/tools/groq-code'), zh: () => import('./zh/tools/groq-code') },
};

export const headToHeadContent: ContentLoaders<HeadToHeadContent> = {
  en: () => import('./en/headToHead'),
  zh: () => import('./zh/headToHead'),
};
