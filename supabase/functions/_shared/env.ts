/**
 * Reads an environment variable under Deno (Edge Functions) and under Node (Vitest's `functions`
 * project), so handler modules run unchanged in both.
 */
interface DenoEnv {
  env: { get(key: string): string | undefined };
}

export function getEnv(key: string): string | undefined {
  const deno = (globalThis as { Deno?: DenoEnv }).Deno;
  if (deno) return deno.env.get(key);
  const nodeProcess = (globalThis as { process?: { env: Record<string, string | undefined> } }).process;
  return nodeProcess?.env[key];
}

/** Like getEnv, but a missing variable is a configuration error worth failing loudly on. */
export function requireEnv(key: string): string {
  const value = getEnv(key);
  if (value === undefined || value === '') throw new Error(`Missing environment variable ${key}`);
  return value;
}
