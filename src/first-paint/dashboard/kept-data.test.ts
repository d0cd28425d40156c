import { afterEach, describe, expect, it } from 'vitest';
import { AUTH_STORAGE_KEY, KEPT_DASHBOARD_STORAGE_KEY } from '../contract';
import { forgetKeptDashboard, forgetKeptDashboardUnlessFor, keepDashboard, readKeptDashboard, type KeptDashboard } from './kept-data';

const alice = '00000000-0000-4000-8000-00000000000a';
const bob = '00000000-0000-4000-8000-00000000000b';

function signInAs(userId: string): void {
  localStorage.setItem(AUTH_STORAGE_KEY, JSON.stringify({ access_token: 'a', refresh_token: 'r', expires_at: 1, user: { id: userId } }));
}

const ownTeam = '00000000-0000-4000-8000-0000000000aa';

const alicesList: KeptDashboard = {
  userId: alice,
  teamId: ownTeam,
  role: 'owner',
  properties: [{ id: '11111111-1111-4111-8111-111111111111', name: 'Hotel Miramar', type: 'hotel', address: 'Rua 1', roomCount: 120 }],
};

describe('the property list kept on the device', () => {
  afterEach(() => localStorage.clear());

  it('is read for the user it was kept for, while their session is stored', () => {
    signInAs(alice);
    keepDashboard(alicesList);
    expect(readKeptDashboard()).toEqual(alicesList);
  });

  it('is not read without a stored session, nor for another user', () => {
    keepDashboard(alicesList);
    expect(readKeptDashboard()).toBeNull();
    localStorage.setItem(AUTH_STORAGE_KEY, JSON.stringify({ access_token: 'a', refresh_token: '', user: { id: alice } }));
    expect(readKeptDashboard()).toBeNull(); // a session supabase-js cannot go on with
    signInAs(bob);
    expect(readKeptDashboard()).toBeNull();
  });

  it('is not read if it is from an older build (the page’s DOM) or not in the kept form', () => {
    signInAs(alice);
    localStorage.setItem(KEPT_DASHBOARD_STORAGE_KEY, JSON.stringify({ format: 1, userId: alice, language: 'en', viewportWidth: 390, css: '', nodes: [] }));
    expect(readKeptDashboard()).toBeNull();
    const badRoomCount = { ...alicesList.properties[0], roomCount: -1 };
    localStorage.setItem(KEPT_DASHBOARD_STORAGE_KEY, JSON.stringify({ format: 3, userId: alice, teamId: ownTeam, role: 'owner', properties: [badRoomCount] }));
    expect(readKeptDashboard()).toBeNull();
    localStorage.setItem(
      KEPT_DASHBOARD_STORAGE_KEY,
      JSON.stringify({ format: 3, userId: alice, teamId: ownTeam, role: 'owner', properties: '<h2>Hotel</h2>' }),
    );
    expect(readKeptDashboard()).toBeNull();
    localStorage.setItem(KEPT_DASHBOARD_STORAGE_KEY, JSON.stringify({ format: 2, userId: alice, properties: alicesList.properties }));
    expect(readKeptDashboard()).toBeNull(); // kept before teams: which team's list it is is unknown
    localStorage.setItem(KEPT_DASHBOARD_STORAGE_KEY, '{not json');
    expect(readKeptDashboard()).toBeNull();
  });

  it('is removed on sign-out and when another user signs in, and stays for the same user', () => {
    keepDashboard(alicesList);
    forgetKeptDashboardUnlessFor(alice);
    expect(localStorage.getItem(KEPT_DASHBOARD_STORAGE_KEY)).not.toBeNull();
    forgetKeptDashboardUnlessFor(bob);
    expect(localStorage.getItem(KEPT_DASHBOARD_STORAGE_KEY)).toBeNull();
    keepDashboard(alicesList);
    forgetKeptDashboardUnlessFor(null);
    expect(localStorage.getItem(KEPT_DASHBOARD_STORAGE_KEY)).toBeNull();
  });

  it('replaces the previous list, and can be removed outright', () => {
    signInAs(alice);
    keepDashboard(alicesList);
    keepDashboard({ userId: alice, teamId: ownTeam, role: 'owner', properties: [{ ...alicesList.properties[0], name: 'Hotel Miramar (renamed)' }] });
    expect(readKeptDashboard()?.properties.map((property) => property.name)).toEqual(['Hotel Miramar (renamed)']);
    forgetKeptDashboard();
    expect(readKeptDashboard()).toBeNull();
  });
});
