import { lazy } from 'react';

/** The markdown renderer's own chunk, loaded once the first message or notice needs it (one lazy for every user). */
export const LazyChatMarkdown = lazy(() => import('./ChatMarkdown'));
