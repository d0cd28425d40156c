/**
 * What a refused team action shows, as a key of the `team` namespace: the database names the case (an invitation's
 * state in `detail`, the field it refused), the screen says it in the host's language.
 */
import { isApiError, permissionDeniedCode } from '@/lib/data/api-error';

const invitationStates = ['invalid', 'used', 'expired', 'revoked', 'wrong_account', 'already_member'] as const;
export type InvitationState = (typeof invitationStates)[number];

/** Why an invitation link cannot be accepted, or null for another failure. */
export function invitationState(error: unknown): InvitationState | null {
  if (!isApiError(error, 'INVIT')) return null;
  return (invitationStates as readonly (string | null)[]).includes(error.field) ? (error.field as InvitationState) : 'invalid';
}

/** The message key for a failed invite, role change, removal, transfer, rename or deletion. */
export function teamErrorKey(error: unknown): string {
  if (isApiError(error, '23505')) return 'errors.alreadyMember';
  if (isApiError(error, '23514')) {
    if (error.field === 'email') return 'errors.invalidEmail';
    if (error.field === 'role') return 'errors.lastOwner';
    return 'errors.failed';
  }
  if (isApiError(error, 'TEAMS')) return 'errors.subscribed';
  if (isApiError(error, permissionDeniedCode)) return 'errors.notAllowed';
  if (isApiError(error, 'PT404')) return 'errors.notMember';
  if (isApiError(error, 'network')) return 'errors.offline';
  return 'errors.failed';
}
