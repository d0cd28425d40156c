/**
 * POST { token, language? } (JWT required) → { sent: true } once the invitation the token opens is emailed to its
 * address. Only an owner or admin of the invitation's team may send it, and only while it is pending; the link is
 * `{origin}/invite/{token}` on the caller's (allowed) origin. Mail goes out through a Resend-compatible API
 * (MAIL_API_URL, MAIL_API_KEY, MAIL_FROM): the local stack's inbox, or Resend on a hosted project. Without one the
 * answer is 503 mail_not_configured, and the Team page's link is sent by hand.
 */
import { jsonResponse } from '../_shared/cors.ts';
import { HttpError, readJsonObject } from '../_shared/errors.ts';
import { mailConfigured, sendMail } from '../_shared/mail.ts';
import { signedInPost } from '../_shared/signed-in-post.ts';
import { invitationEmail, isEmailLanguage } from './email.ts';

async function sha256Hex(value: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(value));
  return Array.from(new Uint8Array(digest), (byte) => byte.toString(16).padStart(2, '0')).join('');
}

export const handler = signedInPost('send-team-invitation', async ({ request, admin, user, origin }) => {
  const body = await readJsonObject(request);
  const { token, language } = body;
  if (typeof token !== 'string' || !/^[0-9a-f]{64}$/.test(token)) throw new HttpError(400, 'invalid_token', 'token must be the invitation token.');

  const { data: invitation, error } = await admin
    .from('team_invitations')
    .select('team_id, email, role, accepted_at, revoked_at, expires_at, teams(name)')
    .eq('token_hash', `\\x${await sha256Hex(token)}`)
    .maybeSingle();
  if (error) throw new Error(`Reading team_invitations failed: ${error.message}`);
  const { data: membership, error: membershipError } = invitation
    ? await admin.from('team_members').select('role').eq('team_id', invitation.team_id).eq('user_id', user.id).maybeSingle()
    : { data: null, error: null };
  if (membershipError) throw new Error(`Reading team_members failed: ${membershipError.message}`);
  if (!invitation || !['owner', 'admin'].includes(membership?.role)) {
    throw new HttpError(403, 'not_allowed', "Only the team's owners and admins send its invitations.");
  }
  if (invitation.accepted_at || invitation.revoked_at || new Date(invitation.expires_at) <= new Date()) {
    throw new HttpError(409, 'not_pending', 'This invitation is no longer pending: create a new one.');
  }

  if (!mailConfigured()) throw new HttpError(503, 'mail_not_configured', 'Email is not set up for this project: send the link yourself.');
  // A many-to-one embed: PostgREST answers one object (the untyped client guesses a list).
  const teamName = (invitation.teams as unknown as { name: string | null } | null)?.name;
  const inviter = user.email ?? 'A RoomGuide user';
  const mail = invitationEmail({
    language: isEmailLanguage(language) ? language : 'en',
    inviter,
    team: teamName ?? `${inviter}'s team`,
    role: invitation.role,
    link: `${origin}/invite/${token}`,
  });
  await sendMail('send-team-invitation', { to: [invitation.email], ...mail }, 'The email could not be sent: send the link yourself, or try again.');
  return jsonResponse(200, { sent: true });
});
