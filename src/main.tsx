/**
 * The app's entry. On a page made at build time, and on a dashboard painted from the list kept on the device, the
 * browser paints first: evaluating the app's code and hydrating the page takes a while on a phone, and on a repeat
 * visit (code already cached) it would otherwise run before the first paint. Everything else starts at once. The
 * build preloads start.tsx and its chunks alongside.
 */
import { startEarlyReads } from '@/first-paint/dashboard/early-reads';
import { paintDashboard } from '@/first-paint/dashboard/painter';
import { registerAppServiceWorker } from '@/lib/service-worker-registration';
import { afterNextPaint } from '@/first-paint/after-paint';
import { PRERENDERED_ATTRIBUTE } from '@/first-paint/contract';
import { preferredAppLanguage } from '@/first-paint/dashboard/copy';
import { loadLocale } from '@/lib/locale-loaders';
import { paths } from '@/lib/paths';

const pathname = location.pathname.replace(/\/+$/, '');
const onDashboard = pathname === paths.dashboard;
/** A property's room list (its property's id): drawn by the app alone, from the same reads as the property list. */
const roomListProperty = new RegExp(`^${paths.rooms.replace(/:\w+/g, '([^/]+)')}$`).exec(pathname)?.[1];
const onRoomList = roomListProperty !== undefined;

/**
 * The room list's code and the strings it shows first, asked for now rather than once the app has started and its
 * router has chosen the screen (~2 s later on a phone). The router's lazy page and i18next ask for the same modules.
 */
function startRoomList(): void {
  void import('@/features/rooms/room-list/room-list-page').catch(() => {}); // the router's import retries and reports a failure
  for (const language of new Set([preferredAppLanguage(), 'en']))
    for (const namespace of ['common', 'auth', 'rooms']) void loadLocale(language, namespace)?.catch(() => {});
}

const start = () => {
  // The list waits for the session, which supabase-js reads: its code loads (and runs) alongside the app's instead of
  // a round trip after it (start.tsx asks for the same module, then already there).
  if (onDashboard || onRoomList) void import('@/lib/session-sync').catch(() => {}); // start.tsx's import retries and reports a failure
  if (onRoomList) startRoomList();
  void import('./start');
};

// A returning host's property list (and a property's room list, from the same reads and its shared guide's): its reads start now, alongside
// the app's code (src/first-paint/dashboard/early-reads.ts), and the dashboard's template is filled in with the list
// kept from the last visit on this device at once, or on a first visit with the reads' answer, until the live list
// replaces it (src/first-paint/dashboard/painter.ts).
if (onDashboard || onRoomList) startEarlyReads({ forFirstPaint: onDashboard, propertyId: roomListProperty });
const dashboardPaint = onDashboard && paintDashboard();

if (dashboardPaint === true || document.documentElement.hasAttribute(PRERENDERED_ATTRIBUTE)) afterNextPaint(start);
// A first visit's list is painted once the early reads answer: the app's code (already downloading, preloaded by the
// page) runs after that paint. Run while the answer arrives, its long tasks held the paint back by up to 1.5 s on a
// phone, and the live list waits for the same answer.
else if (dashboardPaint instanceof Promise) void dashboardPaint.then((painted) => (painted ? afterNextPaint(start) : start()));
else start();

registerAppServiceWorker();
