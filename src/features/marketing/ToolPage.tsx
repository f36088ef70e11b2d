import type { RouteDef, ToolSlug } from '#protocol/routes';
import { toolSlugs } from '#protocol/routes';

import { LazyFaq } from './components/LazyFaq';
import { Section } from './components/Section';
import { BenchmarkSection } from './components/tool/BenchmarkSection';
import { CommandsSection, InstallSection } from './components/tool/SetupSections';
import { HelpSection, ToolCta } from './components/tool/ToolClosing';
import { AuthMethodsSection, FeaturesSection, UseCasesSection } from './components/tool/ToolFeatureSections';
import { ToolHero } from './components/tool/ToolHero';
import { WhatIsSection } from './components/tool/WhatIsSection';
import { toolContent } from './content/loaders';
import { toolFacts } from './content/shared/tools';
import { useContent } from './content/useContent';

function slugOf(route: RouteDef): ToolSlug {
  const slug = route.id.replace(/^tool:/, '');
  return (toolSlugs as readonly string[]).includes(slug) ? (slug as ToolSlug) : 'gemini-cli';
}

/**
 * A third-party CLI guide (spec §2 "Tool pages contain"); the route id names the tool (`tool:<slug>`). The sections
 * live in components/tool/; tinted bands alternate, so the FAQ and help bands swap when a tool has a benchmark.
 */
export default function ToolPage({ route }: { route: RouteDef }) {
  const slug = slugOf(route);
  const c = useContent(`tool:${slug}`, toolContent[slug]);

  return (
    <article data-tool={slug}>
      <ToolHero hero={c.hero} facts={toolFacts[slug]} />
      <WhatIsSection whatIs={c.whatIs} quickStart={c.quickStart} />
      <FeaturesSection features={c.features} />
      <UseCasesSection useCases={c.useCases} />
      <AuthMethodsSection auth={c.auth} />
      <InstallSection install={c.install} />
      <CommandsSection commands={c.commands} />
      {c.benchmark && <BenchmarkSection benchmark={c.benchmark} />}
      <Section tinted={!c.benchmark} labelledBy="tool-faq-title">
        <LazyFaq faq={c.faq} idPrefix="tool" />
      </Section>
      <HelpSection help={c.help} tinted={!!c.benchmark} />
      <ToolCta cta={c.cta} />
    </article>
  );
}
