import { useTranslation } from 'react-i18next';

import { useLanguageRoute } from '../../shared/routing/language';
import { ContentLinkView } from './components/ContentLinkView';
import { DocHeader } from './components/DocHeader';
import { docsContent } from './content';

/** FAQ-style help: questions grouped by topic, each a native disclosure (keyboard and screen-reader friendly). */
export default function HelpPage() {
  const { t } = useTranslation('docs');
  const { lang } = useLanguageRoute();
  const help = docsContent[lang].help;

  return (
    <div className="mx-auto max-w-3xl px-4 py-10 sm:py-14">
      <DocHeader title={help.title} subtitle={help.intro} />
      <nav aria-label={t('help.topics')} className="mt-6">
        <ul className="flex flex-wrap gap-2">
          {help.categories.map((category) => (
            <li key={category.id}>
              <a href={`#${category.id}`} className="btn btn-sm btn-outline">
                {category.title}
              </a>
            </li>
          ))}
        </ul>
      </nav>

      {help.categories.map((category) => (
        <section key={category.id} id={category.id} aria-labelledby={`${category.id}-title`} className="mt-12 scroll-mt-24">
          <h2 id={`${category.id}-title`} className="text-xl font-bold tracking-tight sm:text-2xl">
            {category.title}
          </h2>
          <div className="mt-4 space-y-3">
            {category.items.map((item) => (
              <details
                key={item.question}
                className="collapse-arrow collapse rounded-box border border-base-300 bg-base-100"
                data-testid="help-item"
              >
                <summary className="collapse-title pr-12 font-semibold">{item.question}</summary>
                <div className="collapse-content space-y-3 text-base-content/80">
                  {item.answer.map((paragraph) => (
                    <p key={paragraph} className="leading-7">
                      {paragraph}
                    </p>
                  ))}
                  {item.links && (
                    <ul className="flex flex-wrap gap-x-5 gap-y-2">
                      {item.links.map((link) => (
                        <li key={link.href}>
                          <ContentLinkView link={link} className="link link-primary font-medium" />
                        </li>
                      ))}
                    </ul>
                  )}
                </div>
              </details>
            ))}
          </div>
        </section>
      ))}

      <aside className="mt-14 rounded-box border border-primary/30 bg-primary/5 p-6 sm:p-8" aria-labelledby="still-stuck">
        <h2 id="still-stuck" className="text-xl font-bold">
          {help.stillStuck.title}
        </h2>
        <p className="mt-2 text-base-content/75">{help.stillStuck.text}</p>
        <div className="mt-5 flex flex-col gap-3 sm:flex-row">
          {help.stillStuck.links.map((link, i) => (
            <ContentLinkView key={link.href} link={link} className={i === 0 ? 'btn btn-primary' : 'btn btn-outline'} />
          ))}
        </div>
      </aside>
    </div>
  );
}
