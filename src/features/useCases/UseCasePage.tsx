import type { RouteDef, UseCaseSlug } from '#protocol/routes';

import { useLanguageRoute } from '../../shared/routing/language';
import { useCaseContent } from './content';
import { CodeReviewView } from './views/CodeReviewView';
import { EnterpriseView } from './views/EnterpriseView';
import { FullStackView } from './views/FullStackView';
import { LearningView } from './views/LearningView';

/** One page module for the four use cases; the slug comes from the route id `useCase:<slug>`. */
export default function UseCasePage({ route }: { route: RouteDef }) {
  const { lang } = useLanguageRoute();
  const slug = route.id.slice('useCase:'.length) as UseCaseSlug;
  const content = useCaseContent[lang][slug];
  switch (content.kind) {
    case 'learning':
      return <LearningView content={content} />;
    case 'fullStack':
      return <FullStackView content={content} />;
    case 'codeReview':
      return <CodeReviewView content={content} />;
    case 'enterprise':
      return <EnterpriseView content={content} />;
  }
}
