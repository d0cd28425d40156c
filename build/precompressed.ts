/**
 * The build's text files, also compressed with Brotli (`<file>.br`, at its best quality), and `vite preview` sending
 * them to browsers that accept it. Static hosts (Netlify, Cloudflare Pages, Vercel) send Brotli on their own; Vite's
 * preview server only gzips, so the local stack (`npm start`, the browser tests and `npm run bench`) sent 14 % more
 * JavaScript than a deployed site does (issue 31: on Slow 4G each 10 KB is 50 ms before a page answers).
 */
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Plugin } from 'vite';

/** What is worth compressing: text, from 1 KB up (smaller files gain less than a response's headers). */
const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|webmanifest|txt)$/;
const MIN_BYTES = 1024;

const CONTENT_TYPES: Record<string, string> = {
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.html': 'text/html; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.json': 'application/json; charset=utf-8',
  '.webmanifest': 'application/manifest+json',
  '.txt': 'text/plain; charset=utf-8',
};

const brotliCompress = promisify(zlib.brotliCompress);

/** Writes `<file>.br` beside every compressible file under `dir`, on the thread pool; resolves to how many it wrote. */
export async function writeBrotliFiles(dir: string): Promise<number> {
  const files = fs
    .readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && COMPRESSIBLE.test(entry.name))
    .map((entry) => path.join(entry.parentPath, entry.name));
  const written = await Promise.all(
    files.map(async (file) => {
      const content = await fs.promises.readFile(file);
      if (content.length < MIN_BYTES) return false;
      const compressed = await brotliCompress(content, {
        params: { [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: content.length },
      });
      await fs.promises.writeFile(`${file}.br`, compressed);
      return true;
    }),
  );
  return written.filter(Boolean).length;
}

function acceptsBrotli(req: IncomingMessage): boolean {
  return /\bbr\b/.test(String(req.headers['accept-encoding'] ?? ''));
}

/**
 * A middleware that answers a GET or HEAD for a file of `outDir` with its `.br` copy, when the browser accepts Brotli
 * and the copy exists; anything else goes on to the next middleware (Vite's own, which gzips). Headers set by earlier
 * middlewares (security headers, caching) are kept.
 */
export function serveBrotliFiles(outDir: string) {
  return (req: IncomingMessage, res: ServerResponse, next: () => void): void => {
    if ((req.method !== 'GET' && req.method !== 'HEAD') || !acceptsBrotli(req)) return next();
    let pathname: string;
    try {
      pathname = decodeURIComponent(new URL(req.url ?? '/', 'http://localhost').pathname);
    } catch {
      return next();
    }
    const file = path.join(outDir, path.normalize(pathname));
    const contentType = CONTENT_TYPES[path.extname(file)];
    if (!file.startsWith(outDir + path.sep) || !contentType) return next();
    let stats: fs.Stats;
    try {
      stats = fs.statSync(`${file}.br`);
    } catch {
      return next();
    }
    const etag = `W/"br-${stats.size}-${Math.trunc(stats.mtimeMs)}"`;
    res.setHeader('Vary', [res.getHeader('Vary'), 'Accept-Encoding'].filter(Boolean).join(', '));
    res.setHeader('ETag', etag);
    if (req.headers['if-none-match'] === etag) {
      res.statusCode = 304;
      res.end();
      return;
    }
    res.setHeader('Content-Type', contentType);
    res.setHeader('Content-Encoding', 'br');
    res.setHeader('Content-Length', stats.size);
    if (req.method === 'HEAD') {
      res.end();
      return;
    }
    fs.createReadStream(`${file}.br`).pipe(res);
  };
}

export function precompressedPlugin(): Plugin {
  let outDir = 'dist';
  return {
    name: 'roomguide:precompressed',
    // Its middleware answers by itself: it must come after every plugin's that sets headers (the security headers are
    // `post` too, and listed before it in vite.config.ts).
    enforce: 'post',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    // After every other plugin has written its files (the pages made at build time, the service worker).
    closeBundle: {
      order: 'post',
      sequential: true,
      async handler() {
        if (fs.existsSync(outDir)) await writeBrotliFiles(outDir);
      },
    },
    configurePreviewServer(server) {
      server.middlewares.use(serveBrotliFiles(path.resolve(server.config.root, server.config.build.outDir)));
    },
  };
}
