/**
 * The app's entry. On a page made at build time, and on a dashboard painted from the copy kept on the device, the
 * browser paints first: evaluating the app's code and hydrating the page takes a while on a phone, and on a repeat
 * visit (code already cached) it would otherwise run before the first paint. Everything else starts at once. The
 * build preloads start.tsx and its chunks alongside.
 */
import { startEarlyReads } from '@/lib/data/early-reads';
import { paintKeptDashboard } from '@/lib/kept-dashboard/paint';
import { paintDashboardWhenRead } from '@/app/boot/dashboard-first-paint';
import { registerAppServiceWorker } from '@/lib/service-worker-registration';
import { afterNextPaint } from '@/lib/after-paint';

const onDashboard = location.pathname.replace(/\/+$/, '') === '/dashboard';

const start = () => {
  // The list waits for the session, which supabase-js reads: its code loads (and runs) alongside the app's instead of
  // a round trip after it (start.tsx asks for the same module, then already there).
  if (onDashboard) void import('@/lib/session-sync').catch(() => {}); // start.tsx's import retries and reports a failure
  void import('./start');
};

// A returning host's property list: its reads start now, alongside the app's code (src/lib/data/early-reads.ts),
// and the list as last shown on this device is painted until the live one replaces it (src/lib/kept-dashboard/);
// on a first visit, the list is painted from the page's template as soon as the reads answer.
if (onDashboard) startEarlyReads();
const keptPainted = onDashboard && paintKeptDashboard();
if (onDashboard && !keptPainted) paintDashboardWhenRead();
const painted = keptPainted || document.documentElement.hasAttribute('data-prerendered');

if (painted) afterNextPaint(start);
else start();

registerAppServiceWorker();
