import { useTranslation } from 'react-i18next';

import { ContentLinkView } from '../components/ContentLinkView';
import { DocHeader } from '../components/DocHeader';
import type { ContactChannel, ContactContent } from '../content/types';

const channelIcon: Record<ContactChannel['key'], string> = {
  support: 'M4 6h16v12H4zM4 7l8 6 8-6',
  enterprise: 'M4 21V4h10v17M14 9h6v12M8 8h2M8 12h2M8 16h2M2 21h20',
  security: 'M12 3l8 3v6c0 5-3.5 8-8 9-4.5-1-8-4-8-9V6zM9 12l2 2 4-4',
  community: 'M9 11a4 4 0 1 0 0-8 4 4 0 0 0 0 8zM2 21a7 7 0 0 1 14 0M16 3.5a4 4 0 0 1 0 7.5M18 14a6 6 0 0 1 4 7',
};

/** Contact page: channels, the spec's response times (24 h individuals, 4 h enterprise) and what to include. */
export function ContactView({ contact }: { contact: ContactContent }) {
  const { t } = useTranslation('docs');
  return (
    <div className="mx-auto max-w-4xl px-4 py-10 sm:py-14">
      <DocHeader title={contact.title} subtitle={contact.intro} />

      <ul className="mt-8 grid gap-4 sm:grid-cols-2" aria-label={t('contact.channels')}>
        {contact.channels.map((channel) => (
          <li key={channel.key} className="card border border-base-300 bg-base-100">
            <div className="card-body gap-3 p-6">
              <div className="flex items-center gap-3">
                <span className="flex size-10 shrink-0 items-center justify-center rounded-field bg-primary/12 text-primary">
                  <svg
                    width={20}
                    height={20}
                    viewBox="0 0 24 24"
                    fill="none"
                    stroke="currentColor"
                    strokeWidth={1.8}
                    strokeLinecap="round"
                    strokeLinejoin="round"
                    aria-hidden="true"
                  >
                    <path d={channelIcon[channel.key]} />
                  </svg>
                </span>
                <h2 className="card-title text-lg">{channel.title}</h2>
              </div>
              <p className="text-sm leading-relaxed text-base-content/70">{channel.description}</p>
              <ContentLinkView link={channel.link} className="link link-primary mt-auto break-all font-medium" />
            </div>
          </li>
        ))}
      </ul>

      <section aria-labelledby="response-times" className="mt-12">
        <h2 id="response-times" className="text-xl font-bold tracking-tight sm:text-2xl">
          {contact.responseTimes.title}
        </h2>
        <dl className="mt-5 grid gap-4 sm:grid-cols-2">
          {contact.responseTimes.items.map((item) => (
            <div
              key={item.audience}
              className="rounded-box border border-base-300 bg-base-200/60 p-6"
              data-testid={`response-${item.audience}`}
            >
              <dt className="text-sm font-medium text-base-content/70">{item.label}</dt>
              <dd>
                <p className="mt-1 text-4xl font-extrabold tracking-tight text-primary">{t('contact.hours', { count: item.hours })}</p>
                <p className="mt-2 text-sm text-base-content/70">{item.description}</p>
              </dd>
            </div>
          ))}
        </dl>
        <p className="mt-3 text-sm text-base-content/60">{contact.responseTimes.note}</p>
      </section>

      <section aria-labelledby="before-you-write" className="mt-12 rounded-box border border-base-300 p-6 sm:p-8">
        <h2 id="before-you-write" className="text-lg font-bold">
          {contact.beforeYouWrite.title}
        </h2>
        <ul className="mt-4 list-disc space-y-2 pl-6 text-base-content/85 marker:text-base-content/40">
          {contact.beforeYouWrite.bullets.map((bullet) => (
            <li key={bullet}>{bullet}</li>
          ))}
        </ul>
      </section>
    </div>
  );
}
