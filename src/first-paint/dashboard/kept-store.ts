/**
 * The dashboard as it was last shown, kept on the device so a returning host sees the property list at once, while
 * the app's code still loads (paint.ts shows it, the live list replaces it). One copy, for one user: it is shown only
 * to the same user (their stored session), in the same language and at the same window width, and it is removed on
 * sign-out or when another user signs in (session.ts).
 *
 * What is kept is the page's text and markup as a plain tree (tags, a few safe attributes, text) and the styles the
 * page used; paint.ts rebuilds it with DOM calls and text nodes, never as HTML.
 */
import { KEPT_DASHBOARD_STORAGE_KEY } from '../contract';
import { readStoredSession } from '../stored-session';

/** Bumped when the kept form changes, so a copy from an older build is never shown. */
const FORMAT = 1;

/** A text node, or an element: its tag, whether it is SVG, its kept attributes and its children. */
export type KeptNode = string | { tag: string; svg?: true; attributes: [string, string][]; children: KeptNode[] };

export interface KeptDashboard {
  userId: string;
  language: string;
  viewportWidth: number;
  /** The page's style rules (the app's styles are made at run time, so the kept markup needs its own copy). */
  css: string;
  /** The children of the app's root element. */
  nodes: KeptNode[];
}

interface Stored extends KeptDashboard {
  format: number;
}

/** The user id of the session supabase-js keeps in storage, if there is one the app can go on with. */
export function storedSessionUserId(): string | null {
  return readStoredSession()?.userId ?? null;
}

export function keepDashboard(page: KeptDashboard): void {
  try {
    localStorage.setItem(KEPT_DASHBOARD_STORAGE_KEY, JSON.stringify({ format: FORMAT, ...page } satisfies Stored));
  } catch {
    forgetKeptDashboard(); // storage full or blocked: better no copy than an outdated one
  }
}

export function forgetKeptDashboard(): void {
  try {
    localStorage.removeItem(KEPT_DASHBOARD_STORAGE_KEY);
  } catch {
    // storage blocked: nothing was kept
  }
}

/** Removes the kept copy unless it is `userId`'s (null: nobody is signed in). */
export function forgetKeptDashboardUnlessFor(userId: string | null): void {
  try {
    const raw = localStorage.getItem(KEPT_DASHBOARD_STORAGE_KEY);
    if (raw === null) return;
    const kept = JSON.parse(raw) as Partial<Stored> | null;
    if (userId === null || kept?.userId !== userId) forgetKeptDashboard();
  } catch {
    forgetKeptDashboard();
  }
}

/**
 * The kept copy if it may be shown now: kept for the user whose session is stored, in `language` and at
 * `viewportWidth` (the live page would otherwise look different); null otherwise.
 */
export function readKeptDashboard({ language, viewportWidth }: { language: string; viewportWidth: number }): KeptDashboard | null {
  const userId = storedSessionUserId();
  if (userId === null) return null;
  try {
    const kept = JSON.parse(localStorage.getItem(KEPT_DASHBOARD_STORAGE_KEY) ?? 'null') as Partial<Stored> | null;
    if (kept?.format !== FORMAT || kept.userId !== userId) return null;
    if (kept.language !== language || kept.viewportWidth !== viewportWidth) return null;
    if (typeof kept.css !== 'string' || !Array.isArray(kept.nodes)) return null;
    return { userId, language, viewportWidth, css: kept.css, nodes: kept.nodes };
  } catch {
    return null;
  }
}
