import { useTranslation } from 'react-i18next';

import type { Message } from './errorMessages';

/** Renders a Message (a translation key or server text). */
export function useMessageText(): (m: Message | null | undefined) => string {
  const { t } = useTranslation();
  return (m) => (!m ? '' : 'text' in m ? m.text : String(t(m.key as never)));
}
