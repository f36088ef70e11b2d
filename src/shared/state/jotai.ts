/**
 * The one entry point for jotai (enforced by lint): the app and non-React modules such as the API client share
 * this store, so a token cleared by the API client updates the header at once.
 */
import { createStore } from 'jotai';

export type { Atom, PrimitiveAtom, WritableAtom } from 'jotai';
export { atom, Provider, useAtom, useAtomValue, useSetAtom } from 'jotai';

export const appStore = createStore();
