import type { ToolSlug, UseCaseSlug } from '#protocol/routes';

export const useCaseNav: readonly { slug: UseCaseSlug; key: 'learning' | 'fullStack' | 'codeReview' | 'enterprise' }[] = [
  { slug: 'learning', key: 'learning' },
  { slug: 'full-stack-development', key: 'fullStack' },
  { slug: 'code-review', key: 'codeReview' },
  { slug: 'enterprise', key: 'enterprise' },
];

export const mainNav = [
  { href: '/', key: 'home' },
  { href: '/pricing', key: 'pricing' },
  { href: '/leaderboard', key: 'leaderboard' },
  { href: '/install', key: 'install' },
  { href: '/remote', key: 'remote' },
] as const;

/** Spec §2: linked from the header (desktop navigation and the drawer) and the footer. */
export const resourceNav = [
  { href: '/changelog', key: 'changelog' },
  { href: '/help', key: 'help' },
] as const;

export const toolNav: readonly ToolSlug[] = ['claude-code', 'gemini-cli', 'codex-cli', 'qwen-code', 'coderabbit-cli', 'groq-code'];
