/**
 * What a visitor did on a page made at build time before the app hydrated it: the inline boot script records it
 * on `window` under these names, and src/app/hydration.ts replays it once the page is live.
 */
export const earlyClickProperty = '__roomguideEarlyClick';
/** Form fields changed before hydration, with their value (or checked state) at the time. */
export const earlyValuesProperty = '__roomguideEarlyValues';

export type EarlyValues = Map<Element, string | boolean>;
