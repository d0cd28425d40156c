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

const onDashboard = location.pathname.replace(/\/+$/, '') === '/dashboard';

const start = () => {
  // The list waits for the session, which supabase-js reads: its code loads (and runs) alongside the app's instead of
  // a round trip after it (start.tsx asks for the same module, then already there).
  if (onDashboard) void import('@/lib/session-sync').catch(() => {}); // start.tsx's import retries and reports a failure
  void import('./start');
};

// A returning host's property list: its reads start now, alongside the app's code (src/first-paint/dashboard/early-reads.ts),
// and the page's template is filled in with the list kept from the last visit on this device at once, or on a first
// visit with the reads' answer, until the live list replaces it (src/first-paint/dashboard/painter.ts).
if (onDashboard) startEarlyReads();
const dashboardPainted = onDashboard && paintDashboard();
const painted = dashboardPainted || document.documentElement.hasAttribute(PRERENDERED_ATTRIBUTE);

if (painted) afterNextPaint(start);
else start();

registerAppServiceWorker();
