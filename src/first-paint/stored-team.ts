/**
 * The team a host last chose to work in (the navbar's switcher), remembered on the device for their user id: the one
 * reader and writer of CURRENT_TEAM_STORAGE_KEY. The app's screens and the dashboard's painted copy both show that
 * team's properties, so the copy painted before the app runs is the list the app then shows.
 */
import { CURRENT_TEAM_STORAGE_KEY } from './contract.ts';

/** The team `userId` chose last, or null (none chosen, another user's choice, storage blocked). */
export function readStoredTeam(userId: string): string | null {
  try {
    const stored: unknown = JSON.parse(globalThis.localStorage?.getItem(CURRENT_TEAM_STORAGE_KEY) ?? 'null');
    if (typeof stored !== 'object' || stored === null) return null;
    const { userId: owner, teamId } = stored as Record<string, unknown>;
    return owner === userId && typeof teamId === 'string' ? teamId : null;
  } catch {
    return null;
  }
}

/** Remembers `teamId` for `userId`; null forgets the choice (the screens then show the user's own team). */
export function rememberTeam(userId: string, teamId: string | null): void {
  try {
    if (teamId === null) globalThis.localStorage?.removeItem(CURRENT_TEAM_STORAGE_KEY);
    else globalThis.localStorage?.setItem(CURRENT_TEAM_STORAGE_KEY, JSON.stringify({ userId, teamId }));
  } catch {
    // storage blocked: the choice lasts for this visit only
  }
}

/** The team the screens show: the one chosen on this device while the user still belongs to it, else the first (their own). */
export function pickTeam<Team extends { id: string }>(teams: readonly Team[], chosen: string | null): Team | null {
  return teams.find((team) => team.id === chosen) ?? teams[0] ?? null;
}

/** The properties of one team, in their order: the screens show the team the host works in. */
export function teamProperties<Property extends { team_id: string }>(properties: readonly Property[], teamId: string): Property[] {
  return properties.filter((property) => property.team_id === teamId);
}
