/**
 * The words of the marketing pages, one typed object per page and language (en/*.ts, zh/*.ts), loaded with the page.
 * Components only lay these out, so copy changes never touch JSX and the count tests hold both languages to the spec.
 * Facts about third-party tools that do not depend on language (URLs, commands, scores) live in shared/*.ts.
 */
import type { ToolSlug, UseCaseSlug } from '#protocol/routes';

import type { IconName } from '../components/icons';

/** Spec §3 FAQ item. `answer` is an HTML fragment (sanitised before display); `id` names the topic for tests. */
export interface FaqItem {
  id: string;
  question: string;
  answer: string;
}

export interface FaqSection {
  title: string;
  subtitle?: string;
  items: readonly FaqItem[];
}

export interface SectionHeading {
  title: string;
  subtitle: string;
}

export interface Feature {
  icon: IconName;
  title: string;
  description: string;
}

/** A link inside the site (language-free path, the router adds /zh) or outside it (opens in a new tab). */
export interface LinkItem {
  label: string;
  href: string;
  description?: string;
}

export interface CallToAction {
  title: string;
  subtitle: string;
  primary: LinkItem;
  secondary: LinkItem;
}

// ---------------------------------------------------------------------------------------------------------- home

/** One line of a scripted terminal session. */
export interface TerminalLine {
  kind: 'command' | 'output' | 'success' | 'comment';
  text: string;
}

export interface HomeUseCase {
  slug: UseCaseSlug;
  icon: IconName;
  title: string;
  description: string;
  demo: readonly TerminalLine[];
}

export interface HomeContent {
  hero: {
    badge: string;
    /** Scrambled in after 500 ms. */
    title: string;
    /** The typewriter line; `{word}` marks where the cycling word goes ("Built for {word}"). */
    typewriterLine: string;
    /** Cycled by the typewriter (developers, builders, engineers). */
    words: readonly string[];
    subtitle: string;
    primary: LinkItem;
    secondary: LinkItem;
    terminalLabel: string;
    terminal: readonly TerminalLine[];
  };
  features: SectionHeading & { items: readonly Feature[] };
  useCases: SectionHeading & { demoLabel: string; items: readonly HomeUseCase[] };
  pricing: SectionHeading;
  faq: FaqSection;
  cta: SectionHeading & { command: string; primary: LinkItem; secondary: LinkItem };
}

// ------------------------------------------------------------------------------------------------------- pricing

export interface PricingContent {
  hero: { badge: string; title: string; subtitle: string };
  sharedLimitsNote: string;
  creditNotice: { title: string; body: string };
  modelNotice: { title: string; body: string; models: readonly string[] };
  /** Spec §1: the older pricing text (Free, Pro $19/month, Team $49/month, Enterprise custom), marked as such. */
  earlierPlans: {
    title: string;
    note: string;
    plans: readonly { key: 'free' | 'pro' | 'team' | 'enterprise'; name: string; price: string }[];
  };
  faq: FaqSection;
}

// --------------------------------------------------------------------------------------------------- leaderboard

export type SupportStatus = 'full' | 'partial' | 'none';

export interface ComparisonCell {
  status: SupportStatus;
  text: string;
}

/** Spec §3 comparison row: key, feature, description and, per tool, a status plus text. */
export interface ComparisonRow {
  key: 'taskLists' | 'claudeApi' | 'checkpoint' | 'cloudHandoff' | 'multiModel';
  feature: string;
  description: string;
  tern: ComparisonCell;
  claudeCode: ComparisonCell;
  geminiCli: ComparisonCell;
}

export interface Stat {
  value: string;
  label: string;
}

export interface DeepDiveCard {
  slug: Extract<ToolSlug, 'claude-code' | 'gemini-cli'>;
  summary: string;
  strengths: readonly string[];
}

export interface CompetitorCard {
  slug: ToolSlug;
  tagline: string;
  bestFor: string;
}

export interface LeaderboardContent {
  hero: { badge: string; title: string; subtitle: string; stats: readonly Stat[] };
  table: SectionHeading & { rows: readonly ComparisonRow[] };
  deepDive: SectionHeading & { cards: readonly DeepDiveCard[] };
  quickStart: { badge: string; title: string; description: string; command: string; steps: readonly string[]; repositoryNote: string };
  competitors: SectionHeading & { cards: readonly CompetitorCard[] };
  headToHead: { title: string; description: string; link: string };
}

// ---------------------------------------------------------------------------------------------------- tool pages

/** Spec §3 static display data: command or flag. */
export interface CommandRow {
  command: string;
  description: string;
  example?: string;
}

export interface CommandTable {
  /** commands, flags, slash, session, auth … — the count tests look tables up by id. */
  id: 'commands' | 'flags' | 'slash' | 'session' | 'auth';
  title: string;
  rows: readonly CommandRow[];
}

export interface InstallMethod {
  id: 'npm' | 'source' | 'homebrew' | 'script' | 'native' | 'development' | 'instantRun' | 'globalInstall';
  label: string;
  description: string;
  /** May be empty when the method does not exist for this tool and the tab only explains why. */
  commands: readonly string[];
  /** The command box's caption when the commands are another route than the tab's name (the native installer). */
  commandsLabel?: string;
  /** A link that opens in a new tab: the repository, when a tool has no such route (closed source, not on npm). */
  link?: { label: string; href: string };
  recommended?: boolean;
  /** The tab selected first. */
  default?: boolean;
}

export interface AuthMethod {
  id: string;
  title: string;
  description: string;
  bullets: readonly string[];
  recommended?: boolean;
  command?: string;
}

export interface UseCase {
  title: string;
  description: string;
}

export interface BenchmarkRow {
  agent: string;
  model: string;
  /** Percent. */
  score: number;
}

export interface ToolContent {
  slug: ToolSlug;
  hero: { badge: string; title: string; description: string };
  whatIs: { title: string; paragraphs: readonly string[]; facts: readonly Stat[] };
  quickStart: {
    title: string;
    description: string;
    command: string;
    note: string;
    /** Actions shown but switched off (Groq Code: quick install and API key), with the reason. */
    disabledActions?: { quickInstall: string; apiKey: string; note: string };
  };
  features: SectionHeading & { items: readonly Feature[] };
  useCases: SectionHeading & { items: readonly UseCase[] };
  auth: SectionHeading & { methods: readonly AuthMethod[] };
  /** Tabs (one method visible at a time) or cards (all side by side). */
  install: SectionHeading & { layout: 'tabs' | 'cards'; methods: readonly InstallMethod[]; requirements: string };
  commands: SectionHeading & { tables: readonly CommandTable[] };
  benchmark?: SectionHeading & { source: string; rows: readonly BenchmarkRow[] };
  faq: FaqSection;
  help: SectionHeading & { links: readonly LinkItem[] };
  cta: CallToAction;
}

// -------------------------------------------------------------------------------------------------- head to head

export type Winner = 'claude' | 'gemini';

/** Spec §3 head-to-head row: key, feature, claudeCode, geminiCLI, winner. */
export interface HeadToHeadRow {
  key: string;
  feature: string;
  claudeCode: string;
  geminiCLI: string;
  winner: Winner;
}

export interface PricingTier {
  key: 'individual' | 'team' | 'enterprise';
  title: string;
  claudeCode: string;
  geminiCLI: string;
  note: string;
}

export interface HeadToHeadContent {
  hero: { badge: string; title: string; subtitle: string };
  tools: SectionHeading & { cards: readonly { slug: 'claude-code' | 'gemini-cli'; summary: string; highlights: readonly string[] }[] };
  table: SectionHeading & { rows: readonly HeadToHeadRow[] };
  scores: SectionHeading & {
    labels: Record<'speed' | 'quality' | 'errorHandling' | 'contextUnderstanding' | 'multilingual', string>;
    note: string;
  };
  pricing: SectionHeading & { tiers: readonly PricingTier[] };
  recommendations: SectionHeading & {
    claude: { title: string; items: readonly string[] };
    gemini: { title: string; items: readonly string[] };
  };
  hybrid: SectionHeading & { steps: readonly { title: string; description: string; command: string }[] };
  faq: FaqSection;
  closing: SectionHeading & { links: readonly LinkItem[] };
}
