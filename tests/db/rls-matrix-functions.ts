/**
 * The RLS matrix's shared shapes and its rows for functions (tests/db/rls-matrix.test.ts runs them): each function the
 * API roles may execute, one statement per actor on the owner's data, with its outcome.
 */
export type Actor = 'anon' | 'owner' | 'other' | 'service';
export type Operation = 'select' | 'insert' | 'update' | 'delete';
/**
 * `denied`: permission error (42501). `one-row`: exactly one row read or written. `no-rows`: RLS hides the row.
 * `not-found`: a function answers PT404 because RLS hides what it was asked to work on. `refused`: an invitation
 * cannot be accepted by this caller (INVIT).
 */
export type Outcome = 'denied' | 'one-row' | 'no-rows' | 'not-found' | 'refused';

export interface Fixture {
  owner: string;
  other: string;
  /** An auth user whose public.users row was removed, so a users insert has something valid to insert. */
  spare: string;
  propertyId: string;
  roomId: string;
  /** The owner's own team, with `member` as an editor and a pending invitation of `other` as an editor. */
  teamId: string;
  member: string;
  invitationId: string;
  invitationToken: string;
  /** A guest request in the owner's room (requests on), made with `guestDevice`, and a notice of the property. */
  requestId: string;
  guestDevice: string;
  noticeId: string;
}

export interface Statement {
  sql: string;
  params?: unknown[];
}

/** Functions the API roles can execute: one statement per actor, on the owner's data, with its outcome. */
export interface FunctionSpec {
  statement(fixture: Fixture): Statement;
  expected: Record<Actor, Outcome>;
}

export const functions: Record<string, FunctionSpec> = {
  get_guide: {
    statement: (f) => ({ sql: 'select guide from (select public.get_guide($1) as guide) g where guide is not null', params: [f.roomId] }),
    expected: { anon: 'one-row', owner: 'one-row', other: 'one-row', service: 'one-row' },
  },
  // Guests have no login: anyone may send a request for a room with requests on, and read back their own device's.
  submit_guest_request: {
    statement: (f) => ({ sql: `select public.submit_guest_request(gen_random_uuid(), $1, gen_random_uuid(), 'towels')`, params: [f.roomId] }),
    expected: { anon: 'one-row', owner: 'one-row', other: 'one-row', service: 'one-row' },
  },
  guest_requests_of: {
    statement: (f) => ({
      sql: 'select r from (select public.guest_requests_of($1, $2) as r) g where jsonb_array_length(r) = 1',
      params: [f.roomId, f.guestDevice],
    }),
    expected: { anon: 'one-row', owner: 'one-row', other: 'one-row', service: 'one-row' },
  },
  guest_request_days: {
    statement: (f) => ({
      sql: `select * from public.guest_request_days(current_date - 1, current_date + 1, null, $1) where day is null`,
      params: [f.propertyId],
    }),
    expected: { anon: 'denied', owner: 'one-row', other: 'no-rows', service: 'one-row' },
  },
  record_scan: {
    statement: (f) => ({ sql: 'select public.record_scan($1)', params: [f.roomId] }),
    expected: { anon: 'one-row', owner: 'one-row', other: 'one-row', service: 'one-row' },
  },
  // Computed field of qr_codes: `select=id,guide`.
  guide: {
    statement: (f) => ({ sql: 'select public.guide(q) from public.qr_codes q where q.id = $1', params: [f.roomId] }),
    expected: { anon: 'denied', owner: 'one-row', other: 'no-rows', service: 'one-row' },
  },
  // Computed field of users: `select=plan`. Called on a users row built by hand, so RLS on subscriptions decides.
  plan: {
    statement: (f) => ({ sql: 'select p from public.plan(row($1::uuid, null, now(), 0, 0)::public.users) as p where p is not null', params: [f.owner] }),
    expected: { anon: 'denied', owner: 'one-row', other: 'no-rows', service: 'one-row' },
  },
  // Computed fields of qr_codes that read scan_days: `select=id,scan_count,scan_history,last_scanned_at`.
  scan_count: {
    statement: (f) => ({ sql: 'select public.scan_count(q) from public.qr_codes q where q.id = $1', params: [f.roomId] }),
    expected: { anon: 'denied', owner: 'one-row', other: 'no-rows', service: 'one-row' },
  },
  scan_history: {
    statement: (f) => ({ sql: 'select public.scan_history(q) from public.qr_codes q where q.id = $1', params: [f.roomId] }),
    expected: { anon: 'denied', owner: 'one-row', other: 'no-rows', service: 'one-row' },
  },
  last_scanned_at: {
    statement: (f) => ({ sql: 'select public.last_scanned_at(q) from public.qr_codes q where q.id = $1', params: [f.roomId] }),
    expected: { anon: 'denied', owner: 'one-row', other: 'no-rows', service: 'one-row' },
  },
  // The host's analytics read: one row per own room of the property.
  scan_stats: {
    statement: (f) => ({ sql: `select qr_code_id from public.scan_stats('2026-01-01', '2026-01-07', $1)`, params: [f.propertyId] }),
    expected: { anon: 'denied', owner: 'one-row', other: 'no-rows', service: 'one-row' },
  },
  // Computed field of properties and of qr_codes (one name, one overload per table).
  // Computed fields of qr_codes and properties: a teammate's address, so nothing for the service role (in no team).
  changed_by: {
    statement: (f) => ({
      sql: `select c from public.qr_codes q join public.properties p on p.id = q.property_id,
              lateral (select public.changed_by(q) as room, public.changed_by(p) as property) c
            where q.id = $1 and c.room is not null and c.property is not null`,
      params: [f.roomId],
    }),
    expected: { anon: 'denied', owner: 'one-row', other: 'no-rows', service: 'no-rows' },
  },
  translation_status: {
    statement: (f) => ({
      sql: `select public.translation_status(q), public.translation_status(p) from public.qr_codes q join public.properties p on p.id = q.property_id where q.id = $1`,
      params: [f.roomId],
    }),
    expected: { anon: 'denied', owner: 'one-row', other: 'no-rows', service: 'one-row' },
  },
  create_rooms: {
    statement: (f) => ({ sql: `select id from public.create_rooms($1, '[{"name": "Matrix", "room_number": "M1"}]')`, params: [f.propertyId] }),
    expected: { anon: 'denied', owner: 'one-row', other: 'not-found', service: 'denied' },
  },
  update_rooms: {
    statement: (f) => ({ sql: `select id from public.update_rooms(array[$1]::uuid[], '{"content.wifi.password": "changed"}')`, params: [f.roomId] }),
    expected: { anon: 'denied', owner: 'one-row', other: 'not-found', service: 'one-row' },
  },
  // Team management (tests/db/team-management.test.ts has the rules); every call here is rolled back.
  invite_member: {
    statement: (f) => ({ sql: `select public.invite_member($1, 'new-member@example.test', 'editor')`, params: [f.teamId] }),
    expected: { anon: 'denied', owner: 'one-row', other: 'denied', service: 'denied' },
  },
  invitation_details: {
    statement: (f) => ({ sql: 'select public.invitation_details($1)', params: [f.invitationToken] }),
    expected: { anon: 'one-row', owner: 'one-row', other: 'one-row', service: 'one-row' },
  },
  accept_invitation: {
    statement: (f) => ({ sql: 'select public.accept_invitation($1)', params: [f.invitationToken] }),
    expected: { anon: 'denied', owner: 'refused', other: 'one-row', service: 'denied' },
  },
  revoke_invitation: {
    statement: (f) => ({ sql: 'select public.revoke_invitation($1)', params: [f.invitationId] }),
    expected: { anon: 'denied', owner: 'one-row', other: 'denied', service: 'denied' },
  },
  set_member_role: {
    statement: (f) => ({ sql: `select public.set_member_role($1, $2, 'front_desk')`, params: [f.teamId, f.member] }),
    expected: { anon: 'denied', owner: 'one-row', other: 'denied', service: 'denied' },
  },
  remove_member: {
    statement: (f) => ({ sql: 'select public.remove_member($1, $2)', params: [f.teamId, f.member] }),
    expected: { anon: 'denied', owner: 'one-row', other: 'denied', service: 'denied' },
  },
  transfer_ownership: {
    statement: (f) => ({ sql: 'select public.transfer_ownership($1, $2)', params: [f.teamId, f.member] }),
    expected: { anon: 'denied', owner: 'one-row', other: 'denied', service: 'denied' },
  },
  team_roster: {
    statement: (f) => ({ sql: 'select user_id from public.team_roster($1) where user_id = $2', params: [f.teamId, f.owner] }),
    expected: { anon: 'denied', owner: 'one-row', other: 'no-rows', service: 'no-rows' },
  },
  my_teams: {
    statement: (f) => ({ sql: 'select id from public.my_teams() where id = $1', params: [f.teamId] }),
    expected: { anon: 'denied', owner: 'one-row', other: 'no-rows', service: 'no-rows' },
  },
  // On `other`'s own team: the owner's has an ongoing subscription, which delete_team refuses (team-workspace.test.ts).
  delete_team: {
    statement: (f) => ({ sql: 'select public.delete_team((select t.id from public.teams t where t.account_user_id = $1))', params: [f.other] }),
    expected: { anon: 'denied', owner: 'denied', other: 'one-row', service: 'denied' },
  },
  delete_rooms: {
    statement: (f) => ({ sql: 'select id from public.delete_rooms(array[$1]::uuid[])', params: [f.roomId] }),
    expected: { anon: 'denied', owner: 'one-row', other: 'no-rows', service: 'one-row' },
  },
};
