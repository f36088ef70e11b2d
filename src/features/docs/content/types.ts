/**
 * The words of the help, contact, about, privacy and terms pages, one object per language (en.ts, zh.ts).
 * Components only lay these out; short interface labels live in locales/{en,zh}/docs.json.
 */

/** A link inside content: site paths (starting with /) go through the router, others open as usual. */
export interface ContentLink {
  label: string;
  href: string;
}

export interface ContentSection {
  id: string;
  title: string;
  paragraphs?: readonly string[];
  bullets?: readonly string[];
  links?: readonly ContentLink[];
}

/** A long-form page (about, privacy, terms). */
export interface ContentDoc {
  title: string;
  intro: string;
  /** ISO date the text last changed; legal pages show it. */
  updated?: string;
  sections: readonly ContentSection[];
}

export interface HelpItem {
  question: string;
  answer: readonly string[];
  links?: readonly ContentLink[];
}

export interface HelpCategory {
  id: string;
  title: string;
  items: readonly HelpItem[];
}

export interface HelpContent {
  title: string;
  intro: string;
  categories: readonly HelpCategory[];
  stillStuck: { title: string; text: string; links: readonly ContentLink[] };
}

export interface ContactChannel {
  key: 'support' | 'enterprise' | 'security' | 'community';
  title: string;
  description: string;
  link: ContentLink;
}

export interface ResponseTime {
  audience: 'individuals' | 'enterprise';
  label: string;
  hours: number;
  description: string;
}

export interface ContactContent {
  title: string;
  intro: string;
  channels: readonly ContactChannel[];
  responseTimes: { title: string; items: readonly ResponseTime[]; note: string };
  beforeYouWrite: { title: string; bullets: readonly string[] };
}

export interface DocsContent {
  help: HelpContent;
  contact: ContactContent;
  about: ContentDoc;
  privacy: ContentDoc;
  terms: ContentDoc;
}
