import { afterEach, describe, expect, it } from 'vitest';
import { forgetKeptDashboard, forgetKeptDashboardUnlessFor, keepDashboard, readKeptDashboard, type KeptDashboard } from './kept-store';
import { AUTH_STORAGE_KEY, KEPT_DASHBOARD_STORAGE_KEY } from '../contract';

const alice = '00000000-0000-4000-8000-00000000000a';
const bob = '00000000-0000-4000-8000-00000000000b';

function signInAs(userId: string): void {
  localStorage.setItem(AUTH_STORAGE_KEY, JSON.stringify({ access_token: 'a', refresh_token: 'r', expires_at: 1, user: { id: userId } }));
}

const alicesPage: KeptDashboard = {
  userId: alice,
  language: 'en',
  viewportWidth: 390,
  css: '.card{color:red}',
  nodes: [{ tag: 'h2', attributes: [['class', 'card']], children: ['Hotel Miramar'] }],
};
const shownTo = { language: 'en', viewportWidth: 390 };

describe('the dashboard kept on the device', () => {
  afterEach(() => localStorage.clear());

  it('is shown to the user it was kept for, while their session is stored', () => {
    signInAs(alice);
    keepDashboard(alicesPage);
    expect(readKeptDashboard(shownTo)).toEqual(alicesPage);
  });

  it('is not shown without a stored session, nor to another user', () => {
    keepDashboard(alicesPage);
    expect(readKeptDashboard(shownTo)).toBeNull();
    localStorage.setItem(AUTH_STORAGE_KEY, JSON.stringify({ access_token: 'a', refresh_token: '', user: { id: alice } }));
    expect(readKeptDashboard(shownTo)).toBeNull(); // a session supabase-js cannot go on with
    signInAs(bob);
    expect(readKeptDashboard(shownTo)).toBeNull();
  });

  it('is not shown in another language or at another window width (the live page would look different)', () => {
    signInAs(alice);
    keepDashboard(alicesPage);
    expect(readKeptDashboard({ ...shownTo, language: 'de' })).toBeNull();
    expect(readKeptDashboard({ ...shownTo, viewportWidth: 1366 })).toBeNull();
  });

  it('is not shown if it is from an older build or not in the kept form', () => {
    signInAs(alice);
    localStorage.setItem(KEPT_DASHBOARD_STORAGE_KEY, JSON.stringify({ ...alicesPage, format: 0 }));
    expect(readKeptDashboard(shownTo)).toBeNull();
    localStorage.setItem(KEPT_DASHBOARD_STORAGE_KEY, JSON.stringify({ ...alicesPage, format: 1, nodes: '<h2>Hotel</h2>' }));
    expect(readKeptDashboard(shownTo)).toBeNull();
    localStorage.setItem(KEPT_DASHBOARD_STORAGE_KEY, '{not json');
    expect(readKeptDashboard(shownTo)).toBeNull();
  });

  it('is removed on sign-out and when another user signs in, and stays for the same user', () => {
    keepDashboard(alicesPage);
    forgetKeptDashboardUnlessFor(alice);
    expect(localStorage.getItem(KEPT_DASHBOARD_STORAGE_KEY)).not.toBeNull();
    forgetKeptDashboardUnlessFor(bob);
    expect(localStorage.getItem(KEPT_DASHBOARD_STORAGE_KEY)).toBeNull();
    keepDashboard(alicesPage);
    forgetKeptDashboardUnlessFor(null);
    expect(localStorage.getItem(KEPT_DASHBOARD_STORAGE_KEY)).toBeNull();
  });

  it('replaces the previous copy, and can be removed outright', () => {
    signInAs(alice);
    keepDashboard(alicesPage);
    keepDashboard({ ...alicesPage, nodes: ['Hotel Miramar (renamed)'] });
    expect(readKeptDashboard(shownTo)?.nodes).toEqual(['Hotel Miramar (renamed)']);
    forgetKeptDashboard();
    expect(readKeptDashboard(shownTo)).toBeNull();
  });
});
