/**
 * Starts the whole Docker-free local Supabase stack in order:
 * database → PostgREST → Auth + mailbox → Storage → Edge Functions → Realtime → form sink + inbox port → Stripe stand-in
 * (unless real Stripe keys are configured) → gateway → the stand-in's catalogue through the webhook → app.
 * Used by `npm start` and by the test setups. Everything it starts is stopped by `stop()`; a failure
 * part-way stops what already runs and throws a StackStartError.
 */
import fs from 'node:fs';
import path from 'node:path';
import { parseEnv } from 'node:util';
import { anonKey, jwtSecret, projectRoot, serviceRoleKey, stackPaths, stackPorts, type StackPaths, type StackPorts } from './config.ts';
import { createAuthService } from './auth/index.ts';
import { startDatabase } from './db/index.ts';
import { createFormSink } from './form-sink/index.ts';
import { startFunctions } from './functions/index.ts';
import { startGateway } from './gateway/index.ts';
import { startInboxServer } from './inbox-server.ts';
import { startPostgrest } from './postgrest.ts';
import { createMailbox, localMailApiKey } from './mail/index.ts';
import { isPortFree, StackStartError } from './process-utils.ts';
import { createRealtimeService, type RealtimeService } from './realtime/server.ts';
import { createStorageService } from './storage/index.ts';
import type { RealtimeSwitch } from './inbox-server.ts';
import { localStripeSecretKey, localStripeWebhookSecret } from './stripe/config.ts';
import { authRateLimits, readSupabaseConfig } from './supabase-config.ts';
import { createStripeStandIn } from './stripe/index.ts';

export interface RunningStack {
  /**
   * `inbox`: the mail inbox page (JSON at `${inbox}/api/messages`); `formSink`: the contact-form submissions
   * page (JSON at `${formSink}/api/submissions`), both on the inbox port; `formEndpoint`: where the app posts
   * the contact form; `stripe`: the local stand-in's URL, https://api.stripe.com with real keys from the
   * environment/.env, '' if neither.
   */
  urls: { api: string; app: string; inbox: string; db: string; formSink: string; formEndpoint: string; stripe: string };
  ports: StackPorts;
  paths: StackPaths;
  stop(): Promise<void>;
}

export interface StartStackOptions {
  ports?: StackPorts;
  paths?: StackPaths;
  /** Wipe the data folder first. */
  fresh?: boolean;
  app?: false | 'dev' | 'preview';
  quiet?: boolean;
  /**
   * Pauses before a crashed child is started again (../supervisor.ts; defaults to its own). The fault suite makes the
   * first one longer so that a screen's request falls inside the outage it causes.
   */
  restartBackoffMs?: readonly number[];
  /** The Realtime service's liveness window (./realtime/server.ts; default 60 s). Tests shorten it. */
  realtimeLivenessMs?: number;
}

/** process.env over the project's `.env` (real Stripe keys live there). */
function projectEnv(): Record<string, string | undefined> {
  const file = path.join(projectRoot, '.env');
  const fromFile = fs.existsSync(file) ? parseEnv(fs.readFileSync(file, 'utf8')) : {};
  return { ...fromFile, ...process.env };
}

async function assertPortsFree(ports: StackPorts, includeDb: boolean, includeApp: boolean): Promise<void> {
  const wanted: Array<[string, number]> = [
    ['API gateway', ports.gateway],
    ['PostgREST', ports.postgrest],
    ['mail inbox', ports.inbox],
    ['Edge Functions', ports.functions],
  ];
  if (includeDb) wanted.unshift(['database', ports.db]);
  if (includeApp) wanted.push(['app', ports.app]);
  for (const [name, port] of wanted) {
    if (!(await isPortFree(port))) {
      throw new StackStartError(
        `Port ${port} (${name}) is already in use: is another stack running? Stop it, or choose other ports with ROOMGUIDE_PORT_BASE=<base>.`,
      );
    }
  }
}

function newestLog(logDir: string, pattern: RegExp): string | undefined {
  if (!fs.existsSync(logDir)) return undefined;
  const candidates = fs
    .readdirSync(logDir)
    .filter((name) => pattern.test(name))
    .map((name) => path.join(logDir, name))
    .sort((a, b) => fs.statSync(b).mtimeMs - fs.statSync(a).mtimeMs);
  return candidates[0];
}

function pidFile(paths: StackPaths): string {
  return path.join(paths.dataDir, 'stack.pid');
}

/** The pid of a live stack using this data folder, or null. */
export function runningStackPid(paths: StackPaths): number | null {
  try {
    const pid = Number(JSON.parse(fs.readFileSync(pidFile(paths), 'utf8')).pid);
    if (!Number.isInteger(pid) || pid <= 0) return null;
    process.kill(pid, 0);
    return pid;
  } catch {
    return null;
  }
}

export async function startStack(opts: StartStackOptions = {}): Promise<RunningStack> {
  const ports = opts.ports ?? stackPorts();
  const paths = opts.paths ?? stackPaths();
  const app = opts.app ?? false;
  let stepStarted = performance.now();
  /** One line per started service with the seconds it took, so a slow start shows where the time went. */
  const step = (name: string, detail = ''): void => {
    const seconds = ((performance.now() - stepStarted) / 1000).toFixed(1);
    stepStarted = performance.now();
    if (!opts.quiet) console.log(`  ✓ ${name.padEnd(20)} ${seconds.padStart(5)} s${detail ? `   ${detail}` : ''}`);
  };

  const otherPid = runningStackPid(paths);
  if (otherPid !== null && otherPid !== process.pid) {
    throw new StackStartError(`Another stack (pid ${otherPid}) is using the data folder ${paths.dataDir}. Stop it first.`);
  }
  await assertPortsFree(ports, !process.env.DATABASE_URL, app !== false);
  if (opts.fresh) fs.rmSync(paths.dataDir, { recursive: true, force: true });
  for (const dir of [paths.dataDir, paths.logDir, paths.storageDir]) fs.mkdirSync(dir, { recursive: true });
  fs.writeFileSync(pidFile(paths), JSON.stringify({ pid: process.pid, ports }));

  const stops: Array<{ name: string; stop: () => Promise<void> }> = [];
  const stopAll = async (): Promise<void> => {
    for (const { name, stop } of stops.reverse()) {
      await stop().catch((error: unknown) => console.error(`Stopping ${name} failed:`, error));
    }
    stops.length = 0;
    if (runningStackPid(paths) === process.pid) fs.rmSync(pidFile(paths), { force: true });
  };

  const apiUrl = `http://127.0.0.1:${ports.gateway}`;
  const appUrl = `http://127.0.0.1:${ports.app}`;
  const formEndpoint = `${apiUrl}/form-sink/f/contact`;

  // The app only needs to know the URLs, so its dev server (or production build) is prepared while the
  // services start: on two cores this overlaps Vite's config loading or build with waiting for PostgreSQL.
  let appPreparation: Promise<PreparedApp> | null = null;
  if (app !== false) {
    process.env.VITE_SUPABASE_URL ??= apiUrl;
    process.env.VITE_SUPABASE_ANON_KEY ??= anonKey;
    process.env.VITE_CONTACT_FORM_ENDPOINT ??= formEndpoint;
    appPreparation = app === 'dev' ? prepareDevServer(ports, opts.quiet) : prepareProductionBuild(ports, paths, opts.quiet);
    // Awaited below; a stack failure first must not also surface as an unhandled rejection.
    appPreparation.catch(() => {});
  }
  try {
    // 1. Database (embedded PostgreSQL 17, bootstrap, migrations, seed).
    let database: Awaited<ReturnType<typeof startDatabase>>;
    try {
      database = await startDatabase({ ports, paths, fresh: opts.fresh, restartBackoffMs: opts.restartBackoffMs });
    } catch (error) {
      if (error instanceof StackStartError) throw error;
      const reason = error instanceof Error ? error.message.split('\n')[0] : String(error);
      throw new StackStartError(`The database did not start: ${reason}`, newestLog(paths.logDir, /postgres|db|pg/i));
    }
    stops.push({ name: 'database', stop: () => database.stop() });
    step('database', database.url);

    // 2. PostgREST.
    const postgrest = await startPostgrest({ ports, paths, databaseUrl: database.url, restartBackoffMs: opts.restartBackoffMs });
    stops.push({ name: 'PostgREST', stop: () => postgrest.stop() });
    step('PostgREST');

    // 3. Auth + mailbox.
    const mailbox = createMailbox();
    const auth = createAuthService({
      databaseUrl: database.url,
      jwtSecret,
      apiExternalUrl: `${apiUrl}/auth/v1`,
      siteUrl: appUrl,
      additionalRedirectUrls: [`${appUrl}/**`, `http://localhost:${ports.app}/**`],
      mailbox,
      rateLimits: authRateLimits(readSupabaseConfig()),
    });
    stops.push({ name: 'Auth', stop: () => auth.close() });
    step('Auth + mailbox');

    // 4. Storage.
    const storage = createStorageService({ databaseUrl: database.url, jwtSecret, storageDir: paths.storageDir });
    stops.push({ name: 'Storage', stop: () => storage.close() });

    // 5. Edge Functions. Real Stripe keys (process env or .env) win over the local stand-in.
    const env = projectEnv();
    const realStripe = Boolean(env.STRIPE_SECRET_KEY) && env.STRIPE_SECRET_KEY !== localStripeSecretKey;
    const stripeEnv: Record<string, string> = realStripe
      ? { STRIPE_SECRET_KEY: env.STRIPE_SECRET_KEY!, ...(env.STRIPE_WEBHOOK_SECRET ? { STRIPE_WEBHOOK_SECRET: env.STRIPE_WEBHOOK_SECRET } : {}) }
      : { STRIPE_SECRET_KEY: localStripeSecretKey, STRIPE_WEBHOOK_SECRET: localStripeWebhookSecret, STRIPE_API_BASE: `${apiUrl}/stripe` };
    const functions = await startFunctions({
      ports,
      paths,
      watch: app === 'dev',
      restartBackoffMs: opts.restartBackoffMs,
      env: {
        SUPABASE_URL: apiUrl,
        SUPABASE_ANON_KEY: anonKey,
        SUPABASE_SERVICE_ROLE_KEY: serviceRoleKey,
        SUPABASE_DB_URL: database.url,
        // Checkout may start from either name of this machine; a SITE_URL in .env (another origin) wins.
        SITE_URL: env.SITE_URL ?? `${appUrl},http://localhost:${ports.app}`,
        ...stripeEnv,
        // Team invitations go to the local inbox (its Resend-like POST /emails), unless .env names a real mail API.
        ...(env.MAIL_API_URL
          ? { MAIL_API_URL: env.MAIL_API_URL, MAIL_API_KEY: env.MAIL_API_KEY ?? '', MAIL_FROM: env.MAIL_FROM ?? '' }
          : { MAIL_API_URL: `http://127.0.0.1:${ports.inbox}/emails`, MAIL_API_KEY: localMailApiKey, MAIL_FROM: 'RoomGuide <team@roomguide.localhost>' }),
      },
    });
    stops.push({ name: 'Edge Functions', stop: () => functions.stop() });
    step('Edge Functions');

    // 6. Realtime. It can be stopped and started from the inbox port (POST /realtime/stop, /realtime/start), so a
    // developer (and the browser tests) can see how the screens carry on without it.
    const realtimeOptions = { databaseUrl: database.url, jwtSecret, livenessMs: opts.realtimeLivenessMs, log: (line: string) => console.error(line) };
    let realtime: RealtimeService | null = createRealtimeService(realtimeOptions);
    const realtimeSwitch: RealtimeSwitch = {
      running: () => realtime !== null,
      async stop() {
        const stopping = realtime;
        realtime = null;
        await stopping?.close();
      },
      start() {
        realtime ??= createRealtimeService(realtimeOptions);
      },
    };
    stops.push({ name: 'Realtime', stop: () => realtimeSwitch.stop() });
    step('Realtime');

    // 7. Contact form sink, and the inbox port where a developer reads emails and form submissions.
    const formSink = createFormSink();
    const inbox = await startInboxServer({ port: ports.inbox, mailbox, formSink, realtime: realtimeSwitch });
    stops.push({ name: 'inbox', stop: () => inbox.close() });

    // 8. Stripe stand-in (unused when real keys are configured).
    let stripe: ReturnType<typeof createStripeStandIn> | undefined;
    if (!realStripe) {
      const stripeLog = path.join(paths.logDir, 'stripe.log');
      stripe = createStripeStandIn({
        publicUrl: `${apiUrl}/stripe`,
        webhookUrl: `${apiUrl}/functions/v1/stripe-webhook`,
        secretKey: stripeEnv.STRIPE_SECRET_KEY,
        webhookSecret: stripeEnv.STRIPE_WEBHOOK_SECRET,
        stateFile: path.join(paths.dataDir, 'stripe-state.json'),
        log: (line) => fs.appendFileSync(stripeLog, `${new Date().toISOString()} ${line}\n`),
      });
      const stripeService = stripe;
      stops.push({ name: 'Stripe stand-in', stop: () => stripeService.close() });
    }

    // 9. Gateway. While a supervised child is restarting, the routes that need it answer 503 with Retry-After.
    const db = database.service ? [database.service] : [];
    const gateway = await startGateway({
      needs: {
        '/rest/v1': [...db, postgrest.service],
        '/auth/v1': db,
        '/storage/v1': db,
        '/functions/v1': [functions.service],
        '/realtime/v1': db,
      },
      realtime: () => realtime,
      port: ports.gateway,
      postgrestUrl: postgrest.url,
      functionsUrl: functions.url,
      auth,
      storage,
      formSubmissions: { handle: (req, res) => formSink.receive(req, res) },
      stripe,
      accessLogFile: path.join(paths.logDir, 'gateway.log'),
    });
    stops.push({ name: 'gateway', stop: () => gateway.close() });
    step('gateway', apiUrl);

    // 10. The plans: the stand-in sends its catalogue through the webhook, as Stripe does, before the app shows them.
    if (stripe) {
      const { sent, failed } = await stripe.announceCatalogue();
      if (failed.length > 0) {
        console.error(
          `✖ The Stripe stand-in's catalogue did not reach the database (${failed.map((delivery) => `${delivery.event.type} → ${delivery.lastStatus ?? 'no answer'}`).join(', ')}): the subscription page will list no plans. See ${path.join(paths.logDir, 'functions.log')}.`,
        );
      }
      if (sent.length > 0) step('Stripe catalogue', `${sent.length - failed.length} of ${sent.length} events delivered`);
    }

    // 11. App (prepared in parallel since the start).
    if (appPreparation) {
      const prepared = await appPreparation;
      const stopApp = await prepared.listen();
      stops.push({ name: 'app', stop: stopApp });
      step(app === 'dev' ? 'app (Vite dev)' : 'app (build+preview)', appUrl);
    }

    return {
      urls: {
        api: apiUrl,
        app: app === false ? '' : appUrl,
        inbox: inbox.url,
        db: database.url,
        formSink: `${inbox.url}/form-sink`,
        formEndpoint,
        stripe: stripe ? `${apiUrl}/stripe` : realStripe ? 'https://api.stripe.com' : '',
      },
      ports,
      paths,
      stop: stopAll,
    };
  } catch (error) {
    await stopAll();
    void appPreparation?.then(
      (prepared) => prepared.discard(),
      () => {},
    );
    throw error;
  }
}

interface PreparedApp {
  /** Starts serving on ports.app; resolves to its stop function. */
  listen(): Promise<() => Promise<void>>;
  /** Releases what preparing took when the stack failed before the app was served. */
  discard(): Promise<void>;
}

async function prepareDevServer(ports: StackPorts, quiet?: boolean): Promise<PreparedApp> {
  const { createServer } = await import('vite');
  const server = await createServer({
    root: projectRoot,
    clearScreen: false,
    logLevel: quiet ? 'warn' : 'info',
    server: { port: ports.app, strictPort: true, host: '127.0.0.1' },
  });
  return {
    async listen() {
      try {
        await server.listen();
      } catch (error) {
        await server.close();
        throw new StackStartError(`The app's dev server could not start on port ${ports.app}: ${error instanceof Error ? error.message : String(error)}`);
      }
      return () => server.close();
    },
    discard: () => server.close(),
  };
}

/** `vite build` into the data folder (so parallel stacks never share dist/); `vite preview` serves it. */
async function prepareProductionBuild(ports: StackPorts, paths: StackPaths, quiet?: boolean): Promise<PreparedApp> {
  const { build, preview } = await import('vite');
  const outDir = path.join(paths.dataDir, 'app-dist');
  try {
    await build({ root: projectRoot, clearScreen: false, logLevel: quiet ? 'error' : 'info', build: { outDir, emptyOutDir: true } });
  } catch (error) {
    throw new StackStartError(`The app did not build: ${error instanceof Error ? error.message.split('\n')[0] : String(error)}`);
  }
  return {
    async listen() {
      const server = await preview({
        root: projectRoot,
        clearScreen: false,
        logLevel: quiet ? 'warn' : 'info',
        build: { outDir },
        preview: { port: ports.app, strictPort: true, host: '127.0.0.1' },
      });
      return () => server.close();
    },
    discard: () => Promise.resolve(),
  };
}
