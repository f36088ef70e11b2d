/**
 * The words of the four use-case pages, one object per language (en.ts, zh.ts). Components only lay these out, so a
 * copy change never touches JSX, and the count tests can hold both languages to the spec (four learning paths of three
 * topics, three stack cards of four items, six workflow steps, four metrics …).
 */
import type { UseCaseSlug } from '#protocol/routes';

import type { IconName } from '../icons';

/** Where a use-case button may lead (spec §2: /install, /leaderboard or /pricing). */
export type CtaTarget = '/install' | '/leaderboard' | '/pricing';

export interface CtaLink {
  label: string;
  href: CtaTarget;
}

export interface Hero {
  badge: string;
  title: string;
  subtitle: string;
  primary: CtaLink;
  secondary: CtaLink;
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

/** Spec §3 static display data: learning path (level 1-4, title, description, topics). */
export interface LearningPath {
  level: 1 | 2 | 3 | 4;
  title: string;
  description: string;
  topics: readonly [string, string, string];
}

/** Spec §3 static display data: story (title, quote, highlights). */
export interface Story {
  audience: 'students' | 'juniors';
  title: string;
  quote: string;
  author: string;
  highlights: readonly string[];
}

/** Spec §3 static display data: metric (title, value, suffix, description). */
export interface Metric {
  title: string;
  value: string;
  suffix: string;
  description: string;
}

/** One line of a demo terminal: what the user typed, or what Tern answered. */
export interface TerminalLine {
  kind: 'command' | 'output' | 'success' | 'comment';
  text: string;
}

export interface ClosingCta extends SectionHeading {
  primary: CtaLink;
  secondary: CtaLink;
}

interface Common {
  hero: Hero;
  closing: ClosingCta;
}

export interface LearningContent extends Common {
  kind: 'learning';
  features: SectionHeading & { items: readonly Feature[] };
  paths: SectionHeading & { items: readonly LearningPath[] };
  stories: SectionHeading & { items: readonly Story[] };
  /** Typewriter demo: each text is typed at 30 ms per character, held for 3 s, then the next one starts. */
  demo: SectionHeading & { prompt: string; texts: readonly string[] };
}

export interface StackCard {
  key: 'frontend' | 'backend' | 'database';
  icon: IconName;
  title: string;
  description: string;
  items: readonly [string, string, string, string];
}

export interface SampleApp {
  key: 'ecommerce' | 'saas';
  title: string;
  description: string;
  features: readonly string[];
  stack: readonly string[];
}

export interface WorkflowStep {
  key: 'planning' | 'frontend' | 'backend' | 'integration' | 'testing' | 'deployment';
  title: string;
  description: string;
}

export interface FullStackContent extends Common {
  kind: 'fullStack';
  stack: SectionHeading & { cards: readonly StackCard[] };
  apps: SectionHeading & { items: readonly SampleApp[] };
  workflow: SectionHeading & { steps: readonly WorkflowStep[] };
  demo: SectionHeading & { lines: readonly TerminalLine[]; disclaimer: string };
}

export interface AnalysisCard {
  key: 'quality' | 'performance' | 'security';
  icon: IconName;
  title: string;
  description: string;
  checks: readonly string[];
}

export interface ProcessStep {
  key: 'scanning' | 'detection' | 'suggestions' | 'monitoring';
  title: string;
  description: string;
}

export interface Benefit {
  key: 'early' | 'faster';
  icon: IconName;
  title: string;
  description: string;
  points: readonly string[];
}

export interface CodeReviewContent extends Common {
  kind: 'codeReview';
  /** "Up to 70% less review time" (spec §1), shown as a highlighted claim. */
  claim: { value: string; label: string; note: string };
  analysis: SectionHeading & { cards: readonly AnalysisCard[] };
  process: SectionHeading & { steps: readonly ProcessStep[] };
  benefits: SectionHeading & { items: readonly Benefit[] };
}

export interface FeatureGroup {
  key: 'security' | 'integration' | 'management';
  icon: IconName;
  title: string;
  description: string;
  items: readonly string[];
}

export interface DeploymentMode {
  key: 'private' | 'airGapped' | 'hybrid' | 'custom';
  icon: IconName;
  title: string;
  description: string;
  bestFor: string;
}

export interface EnterpriseContent extends Common {
  kind: 'enterprise';
  features: SectionHeading & { groups: readonly FeatureGroup[] };
  deployment: SectionHeading & { modes: readonly DeploymentMode[] };
  metrics: SectionHeading & { items: readonly Metric[]; note: string };
}

export interface UseCaseContentMap {
  learning: LearningContent;
  'full-stack-development': FullStackContent;
  'code-review': CodeReviewContent;
  enterprise: EnterpriseContent;
}

export type UseCaseContent = UseCaseContentMap[UseCaseSlug];
