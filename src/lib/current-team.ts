/**
 * The team the host works in: chosen in the navbar's switcher, remembered on the device (first-paint/stored-team.ts),
 * their own team until they choose another. The property list shows its properties, the navbar its plan, and every
 * screen offers what the host's role in the property's team allows (team-access.ts). When the host is no longer a
 * member of the team they chose (removed while the screen was open), they are told and moved to a team they still
 * belong to.
 */
import { useQuery } from '@tanstack/react-query';
import { useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { pickTeam, readStoredTeam, rememberTeam } from '../first-paint/stored-team';
import type { MyTeam } from './data/api/list-my-teams';
import { myTeamsQuery, profileQuery, propertiesQuery, subscriptionQuery, useUserId } from './data/queries';
import type { TeamRole } from './team-access';

const listeners = new Set<() => void>();
const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
};

/** Makes `teamId` the team `userId` works in, here and on the next visit; null: their own team. */
export function chooseTeam(userId: string, teamId: string | null): void {
  rememberTeam(userId, teamId);
  for (const listener of listeners) listener();
}

export interface CurrentTeam {
  /** The teams have been read (or failed to be). */
  loaded: boolean;
  teams: readonly MyTeam[];
  /** The chosen team, else the user's own; null while loading or when the read failed. */
  team: MyTeam | null;
  /** A team was chosen on this device that the user no longer belongs to (removed, or it was deleted). */
  lostTeam: boolean;
}

export function useCurrentTeam(): CurrentTeam {
  const userId = useUserId();
  const teams = useQuery({ ...myTeamsQuery(userId), enabled: userId !== '' });
  const chosen = useSyncExternalStore(
    subscribe,
    () => (userId === '' ? null : readStoredTeam(userId)),
    () => null,
  );
  const list = teams.data ?? [];
  const team = pickTeam(list, chosen);
  return { loaded: userId !== '' && !teams.isPending, teams: list, team, lostTeam: teams.isSuccess && chosen !== null && team?.id !== chosen };
}

/** How a team is called: its name, "Your team" for one's own, "<founder>'s team" for another founder's. */
export function useTeamLabel(): (team: MyTeam) => string {
  const { t } = useTranslation('common');
  const userId = useUserId();
  return (team) => {
    if (team.name) return team.name;
    if (team.accountUserId === userId || !team.founderEmail) return t('team.own');
    return t('team.of', { email: team.founderEmail });
  };
}

/**
 * The team a property belongs to, among the user's teams (the property list says which), or the current team without
 * a property. `loaded` once known; `team` null when the property is not one the user may read.
 */
export function usePropertyTeam(propertyId?: string): { loaded: boolean; team: MyTeam | null } {
  const userId = useUserId();
  const current = useCurrentTeam();
  const properties = useQuery({ ...propertiesQuery(userId), enabled: userId !== '' && propertyId !== undefined });
  if (propertyId === undefined) return { loaded: current.loaded, team: current.team };
  const teamId = properties.data?.find((property) => property.id === propertyId)?.team_id;
  return { loaded: current.loaded && !properties.isPending, team: current.teams.find((team) => team.id === teamId) ?? null };
}

/** The user's role for a property (in its team) or in the current team; null when the property is not theirs to read. */
export function useRole(propertyId?: string): { loaded: boolean; role: TeamRole | null } {
  const { loaded, team } = usePropertyTeam(propertyId);
  return { loaded, role: team?.role ?? null };
}

/**
 * The current team's account `users` row: the room quota, and `plan` (computed by the database from the entitled
 * subscription). `profile` is null while loading, on error or when missing; `loaded` once read or failed.
 */
export function useProfile(options: { refetchInterval?: number | false } = {}) {
  const userId = useUserId();
  const account = useCurrentTeam().team?.accountUserId ?? '';
  const query = useQuery({ ...profileQuery(userId, account), enabled: account !== '', refetchInterval: options.refetchInterval });
  return { profile: query.data ?? null, loaded: account !== '' && !query.isPending, query };
}

/** The current team's subscription (its owners read it); `loaded` once read (or failed), so the navbar does not flash Subscribe. */
export function useSubscription(options: { refetchInterval?: number | false } = {}) {
  const userId = useUserId();
  const account = useCurrentTeam().team?.accountUserId ?? '';
  const query = useQuery({ ...subscriptionQuery(userId, account), enabled: account !== '', refetchInterval: options.refetchInterval });
  return { subscription: query.data ?? null, loaded: account !== '' && !query.isPending, query };
}
