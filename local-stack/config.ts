/**
 * One place for the local stack's ports, keys and folders, shared by `npm start`, the stand-in
 * services and the test setups. The keys are the Supabase CLI's well-known local demo keys, so the
 * app's `.env` works unchanged against `supabase start` where Docker exists.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const projectRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

export const jwtSecret = 'super-secret-jwt-token-with-at-least-32-characters-long';
export const anonKey =
  'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJpc3MiOiJzdXBhYmFzZS1kZW1vIiwicm9sZSI6ImFub24iLCJleHAiOjE5ODM4MTI5OTZ9.CRXP1A7WOeoJeXxjNni43kdQwgnWNReilDMblYTn_I0';
export const serviceRoleKey =
  'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJpc3MiOiJzdXBhYmFzZS1kZW1vIiwicm9sZSI6InNlcnZpY2Vfcm9sZSIsImV4cCI6MTk4MzgxMjk5Nn0.EGIM96RAZx35lJzdJsyH-qQwv8Hdp7fsn3W0YpN81IU';

export const demoHost = { email: 'demo@roomguide.local', password: 'demo-host-2026' } as const;

export interface StackPorts {
  /** The Supabase API: /rest/v1, /auth/v1, /storage/v1, /functions/v1, plus /form-sink/f/* and /stripe. */
  gateway: number;
  db: number;
  postgrest: number;
  /** The developer's inbox (reset emails, form submissions): its own port, as the CLI's mail catcher. */
  inbox: number;
  functions: number;
  app: number;
}

/**
 * `npm start` uses base 54320 (gateway 54321, database 54322, inbox 54324, as the Supabase CLI does). Tests and
 * parallel checkouts pick another base through ROOMGUIDE_PORT_BASE so they never fight over ports.
 */
export function stackPorts(base = Number(process.env.ROOMGUIDE_PORT_BASE ?? 54320)): StackPorts {
  return {
    gateway: base + 1,
    db: base + 2,
    postgrest: base + 3,
    inbox: base + 4,
    functions: base + 5,
    app: base === 54320 ? 5173 : base + 10,
  };
}

export interface StackPaths {
  /** Everything the stack writes: database cluster, stored files, logs. Git-ignored. */
  dataDir: string;
  pgData: string;
  storageDir: string;
  logDir: string;
}

export function stackPaths(dataDir = process.env.ROOMGUIDE_DATA_DIR ?? path.join(projectRoot, '.local-stack')): StackPaths {
  return {
    dataDir,
    pgData: path.join(dataDir, 'pgdata'),
    storageDir: path.join(dataDir, 'storage'),
    logDir: path.join(dataDir, 'logs'),
  };
}

/** Superuser connection string for the embedded database (also what `db:types` and db tests use). */
export function databaseUrl(ports: StackPorts = stackPorts()): string {
  return process.env.DATABASE_URL ?? `postgresql://postgres:postgres@127.0.0.1:${ports.db}/postgres`;
}
