/**
 * Runs under Deno (not Node): hosts every `supabase/functions/<name>/index.ts` in one process, like the
 * Supabase CLI's main router. Each function module calls `Deno.serve(handler)` at import time; while
 * importing it we replace `Deno.serve` so the handler is recorded under the function's name instead of
 * opening a port. One real server then routes `/<name>[/...]` to that handler.
 *
 * Usage: deno run --allow-net --allow-env --allow-read --config supabase/functions/deno.json host.ts
 *   <functionsDir> <port>
 *
 * The Deno namespace is typed locally so this file also passes the Node-side `tsc` of local-stack/.
 */
export {};

type Handler = (request: Request, info?: unknown) => Response | Promise<Response>;
interface ServeOptions {
  port?: number;
  hostname?: string;
  handler?: Handler;
  onListen?: (addr: unknown) => void;
}
interface DenoNamespace {
  args: string[];
  serve(optionsOrHandler: ServeOptions | Handler, maybeHandler?: Handler): { finished: Promise<void>; shutdown(): Promise<void> };
  readDir(path: string): AsyncIterable<{ name: string; isDirectory: boolean }>;
  stat(path: string): Promise<unknown>;
  pid: number;
  kill(pid: number, signal: 'SIGTERM'): void;
  stdin: { readable: AsyncIterable<Uint8Array> };
  exit(code: number): never;
}
const deno = (globalThis as unknown as { Deno: DenoNamespace }).Deno;

const [functionsDir, portArgument, parentPipe] = deno.args;
const port = Number(portArgument);

const handlers = new Map<string, Handler>();
/** Import errors per function: the function answers 500 with the reason, the others keep working. */
const loadErrors = new Map<string, string>();

const realServe = deno.serve.bind(deno);
let importing: string | null = null;
deno.serve = ((optionsOrHandler: ServeOptions | Handler, maybeHandler?: Handler) => {
  const handler = typeof optionsOrHandler === 'function' ? optionsOrHandler : (maybeHandler ?? optionsOrHandler.handler);
  if (importing === null || handler === undefined) throw new Error('Deno.serve called outside a function module import');
  handlers.set(importing, handler);
  const finished = new Promise<void>(() => {});
  return { finished, shutdown: () => Promise.resolve() };
}) as DenoNamespace['serve'];

function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

const names: string[] = [];
for await (const entry of deno.readDir(functionsDir)) {
  if (!entry.isDirectory || entry.name.startsWith('_') || entry.name.startsWith('.')) continue;
  const entrypoint = `${functionsDir}/${entry.name}/index.ts`;
  try {
    await deno.stat(entrypoint);
  } catch {
    continue;
  }
  names.push(entry.name);
}
names.sort();

for (const name of names) {
  importing = name;
  try {
    await import(new URL(`file://${functionsDir}/${name}/index.ts`).href);
    if (!handlers.has(name)) loadErrors.set(name, 'index.ts did not call Deno.serve(handler)');
  } catch (error) {
    loadErrors.set(name, error instanceof Error ? `${error.name}: ${error.message}` : String(error));
    console.error(`[functions] ${name} failed to load:`, error);
  }
}
importing = null;

realServe(
  { port, hostname: '127.0.0.1', onListen: () => console.log(`[functions] serving ${names.join(', ') || '(none)'} on ${port}`) },
  async (request: Request) => {
    const url = new URL(request.url);
    const name = url.pathname.split('/')[1] ?? '';
    if (name === '_health') return json(200, { functions: names, failed: Object.fromEntries(loadErrors) });
    const handler = handlers.get(name);
    // Status codes and bodies of the CLI's main router (supabase/cli internal/functions/serve/templates/main.ts).
    if (!handler) {
      if (loadErrors.has(name)) {
        console.error(`[functions] ${name} cannot serve: ${loadErrors.get(name)}`);
        return json(503, { code: 'BOOT_ERROR', message: 'Worker failed to boot (please check logs)' });
      }
      return new Response('Function not found', { status: 404, headers: { 'content-type': 'text/plain' } });
    }
    try {
      return await handler(request);
    } catch (error) {
      console.error(`[functions] ${name} threw:`, error);
      return json(500, { code: 'WORKER_ERROR', message: 'Function exited due to an error (please check logs)' });
    }
  },
);

// SIGTERM/SIGINT keep their default action (terminate): under `deno run --watch`, Deno.exit() would only end
// this run and leave the watcher waiting for file changes.

// stdin is a pipe from the stack's Node process: EOF means the stack is gone (even killed with SIGKILL),
// so this process never outlives it and holds on to the port.
if (parentPipe === 'exit-on-stdin-eof') {
  void (async () => {
    for await (const chunk of deno.stdin.readable) void chunk;
    deno.kill(deno.pid, 'SIGTERM');
  })();
}
