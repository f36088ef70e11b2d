import { type Language, localizePath } from '#protocol/languages';

/** The link a friend opens: the login page in the inviter's language with the code filled in (it reads `?invite=`). */
export function shareLink(origin: string, lang: Language, code: string): string {
  return `${origin}${localizePath('/login', lang)}?invite=${encodeURIComponent(code)}`;
}
