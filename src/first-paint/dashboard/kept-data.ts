/**
 * What the property list showed last, kept on the device so a returning host's next visit paints it at once
 * (painter.ts fills the page's template with it): the properties' ids, names, kinds, addresses and room counts, for
 * one user. Data, not markup: the template draws it in whatever language and at whatever width the page opens, and
 * nothing kept can become HTML. Shown only while that user's session is stored; removed on sign-out or when another
 * user signs in (src/lib/session.ts).
 */
import { KEPT_DASHBOARD_STORAGE_KEY } from '../contract';
import { readStoredSession } from '../stored-session';
import { teamRoles, type TeamRole } from '@/lib/team-access';

/** Bumped when the kept form changes, so a copy from an older build is never read (1: the page's DOM and CSS; 2: without the team). */
const FORMAT = 3;

export interface KeptProperty {
  id: string;
  name: string;
  /** The database's property type ('hotel', 'apartment', …). */
  type: string;
  address: string | null;
  roomCount: number;
}

export interface KeptDashboard {
  userId: string;
  /** The team whose properties these are (the host may work in several: src/lib/current-team.ts). */
  teamId: string;
  /** The host's role in it: the copy leaves out the controls the role may not use, as the live list does. */
  role: TeamRole;
  properties: KeptProperty[];
}

function isKeptProperty(value: unknown): value is KeptProperty {
  if (typeof value !== 'object' || value === null) return false;
  const { id, name, type, address, roomCount } = value as Record<string, unknown>;
  return (
    typeof id === 'string' &&
    typeof name === 'string' &&
    typeof type === 'string' &&
    (address === null || typeof address === 'string') &&
    typeof roomCount === 'number' &&
    Number.isInteger(roomCount) &&
    roomCount >= 0
  );
}

export function keepDashboard(kept: KeptDashboard): void {
  try {
    localStorage.setItem(KEPT_DASHBOARD_STORAGE_KEY, JSON.stringify({ format: FORMAT, ...kept }));
  } catch {
    forgetKeptDashboard(); // storage full or blocked: better nothing kept than an outdated list
  }
}

export function forgetKeptDashboard(): void {
  try {
    localStorage.removeItem(KEPT_DASHBOARD_STORAGE_KEY);
  } catch {
    // storage blocked: nothing was kept
  }
}

/** Removes what is kept unless it is `userId`'s (null: nobody is signed in). */
export function forgetKeptDashboardUnlessFor(userId: string | null): void {
  try {
    const raw = localStorage.getItem(KEPT_DASHBOARD_STORAGE_KEY);
    if (raw === null) return;
    const kept = JSON.parse(raw) as { userId?: unknown } | null;
    if (userId === null || kept?.userId !== userId) forgetKeptDashboard();
  } catch {
    forgetKeptDashboard();
  }
}

/** The kept list if it is `userId`'s (by default the user whose session is stored) and in the current form; null otherwise. */
export function readKeptDashboard(userId = readStoredSession()?.userId): KeptDashboard | null {
  if (!userId) return null;
  try {
    const kept = JSON.parse(localStorage.getItem(KEPT_DASHBOARD_STORAGE_KEY) ?? 'null') as {
      format?: unknown;
      userId?: unknown;
      teamId?: unknown;
      role?: unknown;
      properties?: unknown;
    } | null;
    if (kept?.format !== FORMAT || kept.userId !== userId || typeof kept.teamId !== 'string') return null;
    if (!teamRoles.includes(kept.role as TeamRole)) return null;
    if (!Array.isArray(kept.properties) || !kept.properties.every(isKeptProperty)) return null;
    return { userId, teamId: kept.teamId, role: kept.role as TeamRole, properties: kept.properties };
  } catch {
    return null;
  }
}
