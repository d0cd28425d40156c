/**
 * The only module that imports `jotai` (an ESLint rule enforces it): the app has one store, created
 * here, so code outside React (the auth listener, the confirm dialog) reads and writes the same atoms.
 */
import { createStore } from 'jotai';

export { atom, createStore, Provider, useAtom, useAtomValue, useSetAtom, useStore } from 'jotai';
export type { Atom, PrimitiveAtom, WritableAtom } from 'jotai';

export const store = createStore();
