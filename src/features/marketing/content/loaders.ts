import type { HomeContent, LeaderboardContent, PricingContent } from './types';
import type { ContentLoaders } from './useContent';

// One chunk per page and language: a visitor downloads only the words of the page they open, in their language.
export const homeContent: ContentLoaders<HomeContent> = {
  en: () => import('./en/home'),
  zh: () => import('./zh/home'),
};


export const pricingContent: ContentLoaders<PricingContent> = {
  en: () => import('./en/pricing'),
  zh: () => import('./zh/pricing'),
};

export const leaderboardContent: ContentLoaders<LeaderboardContent> = {
  en: () => import('./en/leaderboard'),
  zh: () => import('./zh/leaderboard'),
};
