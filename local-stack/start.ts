/**
 * `npm start`: the whole local stack plus the app, on the default ports (54321 API, 54322 database,
 * 5173 app) or ROOMGUIDE_PORT_BASE. Flags: `--no-app` (stack only), `--prod` (production build served by
 * `vite preview` instead of the dev server), `--fresh` (wipe the data folder first).
 * Ctrl-C (or SIGTERM) stops everything it started.
 */
import { demoHost } from './config.ts';
import { logTail, StackStartError } from './process-utils.ts';
import { startStack, type RunningStack } from './stack.ts';

const args = new Set(process.argv.slice(2));
const unknown = [...args].filter((arg) => !['--no-app', '--prod', '--fresh', '--help'].includes(arg));
if (args.has('--help') || unknown.length > 0) {
  if (unknown.length > 0) console.error(`Unknown option ${unknown.join(' ')}`);
  console.log('Usage: npm start [-- --no-app] [-- --prod] [-- --fresh]');
  process.exit(unknown.length > 0 ? 2 : 0);
}

const startedAt = performance.now();
let stack: RunningStack | null = null;
let stopping = false;

async function shutdown(code: number): Promise<never> {
  if (!stopping) {
    stopping = true;
    if (stack) {
      console.log('\nStopping the stack…');
      await stack.stop();
    }
  }
  process.exit(code);
}

for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) {
  process.on(signal, () => {
    if (stopping) return;
    void shutdown(0);
  });
}

console.log('Starting the RoomGuide local stack…');
try {
  stack = await startStack({
    app: args.has('--no-app') ? false : args.has('--prod') ? 'preview' : 'dev',
    fresh: args.has('--fresh'),
  });
} catch (error) {
  if (error instanceof StackStartError) {
    console.error(`\n✖ ${error.message}`);
    const tail = error.logFile ? logTail(error.logFile) : '';
    if (tail) console.error(`\n--- last lines of ${error.logFile} ---\n${tail}`);
  } else {
    console.error(`\n✖ The stack did not start: ${error instanceof Error ? error.message : String(error)}`);
  }
  process.exit(1);
}

function stripeLine(url: string): string {
  if (url === '') return 'not configured (no stand-in, no STRIPE_SECRET_KEY)';
  if (url.startsWith('https://api.stripe.com')) return 'real Stripe (STRIPE_SECRET_KEY from the environment or .env)';
  return `local stand-in at ${url} (no account needed)`;
}

const seconds = ((performance.now() - startedAt) / 1000).toFixed(1);
const { urls } = stack;
console.log(`
RoomGuide is ready (${seconds} s)

  App         ${urls.app || '(not started: --no-app)'}
  API         ${urls.api}    (VITE_SUPABASE_URL; anon and service keys: local-stack/config.ts)
  Inbox       ${urls.inbox}    (password-reset emails; its own port, not reachable from web pages)
  Form sink   ${urls.formSink}    (contact form submissions; the app posts to ${urls.formEndpoint})
  Stripe      ${stripeLine(urls.stripe)}
  Postgres    ${urls.db}
  Demo login  ${demoHost.email} / ${demoHost.password}
  Data        ${stack.paths.dataDir}    (npm run stack:reset wipes it)

Press Ctrl-C to stop.`);
