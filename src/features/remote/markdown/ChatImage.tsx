import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import { imageHost, safeImageSrc } from './urlPolicy';

/**
 * An image in a chat message. Nothing is fetched until the user asks: a remote image in assistant text would otherwise
 * be a tracking pixel (it tells a stranger's server when, and from where, the message was read). The button names the
 * host the image comes from; a click swaps in the image, still without a referrer.
 */
export function ChatImage({ src, alt, title }: { src: string | undefined; alt: string | undefined; title: string | undefined }) {
  const { t } = useTranslation('remote');
  const [shown, setShown] = useState(false);
  const safe = src ? safeImageSrc(src) : null;
  const text = alt?.trim() || title?.trim();
  // Nothing we would load: the description alone, as text.
  if (!safe) return text ? <span className="italic text-base-content/70">{text}</span> : null;
  if (shown)
    return (
      <img
        src={safe}
        alt={alt ?? ''}
        title={title}
        referrerPolicy="no-referrer"
        className="my-2 inline-block max-h-96 max-w-full rounded-box"
      />
    );
  const host = imageHost(safe);
  return (
    <span className="my-1 inline-flex max-w-full flex-wrap items-center gap-2 align-middle" data-testid="chat-image">
      <button type="button" className="btn btn-outline btn-xs max-w-full normal-case" onClick={() => setShown(true)} data-host={host ?? ''}>
        <span className="truncate">{host ? t('chat.loadImage', { host }) : t('chat.loadEmbeddedImage')}</span>
      </button>
      {text && <span className="min-w-0 break-words text-xs italic text-base-content/70">{text}</span>}
    </span>
  );
}
