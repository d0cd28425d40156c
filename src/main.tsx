/**
 * The app's entry. On a page made at build time, and on a dashboard painted from the copy kept on the device, the
 * browser paints first: evaluating the app's code and hydrating the page takes a while on a phone, and on a repeat
 * visit (code already cached) it would otherwise run before the first paint. Everything else starts at once. The
 * build preloads start.tsx and its chunks alongside.
 */
import { startEarlyReads } from '@/first-paint/dashboard/early-reads';
import { paintKeptDashboard } from '@/first-paint/dashboard/kept-paint';
import { paintDashboardWhenRead } from '@/first-paint/dashboard/paint-from-template';
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
// and the list as last shown on this device is painted until the live one replaces it (src/first-paint/dashboard/kept-*.ts);
// on a first visit, the list is painted from the page's template as soon as the reads answer.
if (onDashboard) startEarlyReads();
const keptPainted = onDashboard && paintKeptDashboard();
if (onDashboard && !keptPainted) paintDashboardWhenRead();
const painted = keptPainted || document.documentElement.hasAttribute(PRERENDERED_ATTRIBUTE);

if (painted) afterNextPaint(start);
else start();

registerAppServiceWorker();
