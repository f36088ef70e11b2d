import type { RouteDef } from '#protocol/routes';

import { useLanguageRoute } from '../../shared/routing/language';
import { docsContent } from './content';
import { ContactView } from './views/ContactView';
import { DocView } from './views/DocView';

/** One module for /contact, /about, /privacy and /terms; which page comes from `route.id`. */
export default function ContentPage({ route }: { route: RouteDef }) {
  const { lang } = useLanguageRoute();
  const content = docsContent[lang];
  if (route.id === 'contact') return <ContactView contact={content.contact} />;
  const doc = route.id === 'privacy' ? content.privacy : route.id === 'terms' ? content.terms : content.about;
  return <DocView doc={doc} lang={lang} />;
}
