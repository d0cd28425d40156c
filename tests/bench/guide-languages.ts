/**
 * `npm run bench:languages`: what the guest's one `get_guide` read costs with the host's texts in seven
 * languages, in the two possible contracts:
 *   - all languages in one answer (`get_guide?qr_id=…`, what the guide uses: one saved copy serves every language);
 *   - the requested language only, with per-field fallback (`get_guide?qr_id=…&lang=ja`).
 * For a realistic hotel (tests/bench/fixtures/multilingual-hotel.ts: description ~600 characters, 8 activities,
 * location, hotel and room name, real translations into the six other languages) and, as the reference, the same
 * guide without translations (today's answer).
 *
 * Measured on the local stack: bytes of each answer raw, gzip (zlib level 6, what servers commonly send) and
 * brotli (quality 5); the database's time per call (median of RUNS loops of CALLS calls in one statement); the
 * HTTP time through the gateway and PostgREST (median of HTTP_CALLS sequential GETs, uncompressed: the local
 * gateway does not compress). Timings rotate through the variants so a shared machine's load hits all alike. Derived, not measured: the transfer time of the gzip body under Lighthouse's Slow 4G
 * (1.6 Mbps down). Figures, not a test: it prints tables and never fails on a number.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import zlib from 'node:zlib';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import pg from 'pg';
import { anonKey, stackPaths, stackPorts } from '../../local-stack/config.ts';
import { startStack } from '../../local-stack/stack.ts';
import { median, printTable } from './figures.ts';
import { original, translationColumns } from './fixtures/multilingual-hotel.ts';
import { nodeOptions, serviceClientFor } from './guide-fixture.ts';

const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const CALLS = 1000;
const HTTP_CALLS = 50;
const LANGUAGES = ['en', 'es', 'fr', 'de', 'it', 'zh', 'ja'] as const;
/** Lighthouse `mobileSlow4G` download throughput, bytes per second (as tests/bench/guide.ts). */
const SLOW_4G_BYTES_PER_SECOND = (1.6 * 1024 * 1024) / 8;
/** A TCP connection's first flight (initial window of 10 segments of 1460 bytes): smaller bodies need no extra round trip. */
const FIRST_FLIGHT_BYTES = 10 * 1460;

export interface AnswerFigures {
  raw: number;
  gzip: number;
  brotli: number;
  dbMicroseconds: number;
  httpMs: number;
}

export interface LanguagesBenchResult {
  plain: AnswerFigures;
  allLanguages: AnswerFigures;
  perLanguage: Record<(typeof LANGUAGES)[number], AnswerFigures>;
}

function unwrap<T>(result: { data: T | null; error: { message: string } | null }, what: string): T {
  if (result.error || result.data === null) throw new Error(`${what} failed: ${result.error?.message ?? 'no data'}`);
  return result.data;
}

/** A host with the multilingual hotel (one room) and the same hotel without translations (one room). */
async function createRooms(apiUrl: string): Promise<{ translatedRoom: string; plainRoom: string }> {
  const host: SupabaseClient = createClient(apiUrl, anonKey, nodeOptions);
  const signUp = await host.auth.signUp({ email: `languages-host-${Date.now().toString(36)}@example.test`, password: 'password-123' });
  const userId = signUp.data.user?.id;
  if (signUp.error || !userId) throw new Error(`host sign-up failed: ${signUp.error?.message ?? 'no user'}`);
  unwrap(await serviceClientFor(apiUrl).from('users').update({ qr_code_limit: 2 }).eq('id', userId).select('id').single(), 'set quota');
  const translations = translationColumns();
  const roomIn = async (withTranslations: boolean) => {
    const property = unwrap(
      await host
        .from('properties')
        .insert({
          name: original.hotelName,
          hotel: { name: original.hotelName, phone: '+34 971 123 456', website: 'https://hotelmiramar.example', description: original.description },
          area: { location: original.location, activities: original.activities, businessLink: 'https://www.visitpalma.com' },
          style: { primaryColor: '#1e6fa8', backgroundColor: '#fff8dc' },
          content: { wifi: { network: 'Miramar-Guests' } },
          template: 'beach',
          translations: withTranslations ? translations.property : {},
        })
        .select('id')
        .single(),
      'create property',
    ) as { id: string };
    const room = unwrap(
      await host
        .from('qr_codes')
        .insert({
          property_id: property.id,
          name: original.roomName,
          room_number: '101',
          content: { wifi: { password: 'sunset-101' } },
          style: { roomPhotoUrl: 'https://project.supabase.co/storage/v1/object/public/qr_images/host/room-101.jpg' },
          translations: withTranslations ? translations.room : {},
        })
        .select('id')
        .single(),
      'create room',
    ) as { id: string };
    return room.id;
  };
  return { translatedRoom: await roomIn(true), plainRoom: await roomIn(false) };
}

interface Variant {
  roomId: string;
  lang: string | null;
}

const guideUrl = (apiUrl: string, { roomId, lang }: Variant) => `${apiUrl}/rest/v1/rpc/get_guide?qr_id=${roomId}${lang ? `&lang=${lang}` : ''}`;

/** Microseconds per call: CALLS calls of get_guide in one statement on the database. */
async function dbCallMicroseconds(db: pg.Pool, { roomId, lang }: Variant): Promise<number> {
  const started = performance.now();
  await db.query(`do $$ begin for i in 1..${CALLS} loop perform public.get_guide('${roomId}'::uuid, ${lang ? `'${lang}'` : 'null'}); end loop; end $$`);
  return ((performance.now() - started) * 1000) / CALLS;
}

async function httpMs(apiUrl: string, variant: Variant): Promise<number> {
  const started = performance.now();
  await (await fetch(guideUrl(apiUrl, variant), { headers: { apikey: anonKey } })).arrayBuffer();
  return performance.now() - started;
}

/**
 * Every variant's figures. Timings are taken in rotation (variant after variant, run after run) so that the
 * load of a shared machine weighs on all of them alike; each figure is the median of its samples.
 */
async function measureAll(apiUrl: string, db: pg.Pool, variants: Variant[]): Promise<AnswerFigures[]> {
  const bodies = await Promise.all(
    variants.map(async (variant) => Buffer.from(await (await fetch(guideUrl(apiUrl, variant), { headers: { apikey: anonKey } })).arrayBuffer())),
  );
  const dbSamples = variants.map((): number[] => []);
  const httpSamples = variants.map((): number[] => []);
  for (let run = 0; run < RUNS; run++) {
    for (const [index, variant] of variants.entries()) dbSamples[index]!.push(await dbCallMicroseconds(db, variant));
  }
  for (let call = 0; call < HTTP_CALLS; call++) {
    for (const [index, variant] of variants.entries()) httpSamples[index]!.push(await httpMs(apiUrl, variant));
  }
  return bodies.map((body, index) => ({
    raw: body.length,
    gzip: zlib.gzipSync(body, { level: 6 }).length,
    brotli: zlib.brotliCompressSync(body, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 5 } }).length,
    dbMicroseconds: median(dbSamples[index]!),
    httpMs: median(httpSamples[index]!),
  }));
}

export async function runLanguagesBench(): Promise<LanguagesBenchResult> {
  const ports = stackPorts(Number(process.env.ROOMGUIDE_PORT_BASE ?? 55720));
  const dataDir = process.env.ROOMGUIDE_DATA_DIR
    ? path.join(process.env.ROOMGUIDE_DATA_DIR, 'bench-languages')
    : fs.mkdtempSync(path.join(os.tmpdir(), 'roomguide-bench-languages-'));
  console.log(`Starting the stack (port base ${ports.gateway - 1})…`);
  const stack = await startStack({ ports, paths: stackPaths(dataDir), fresh: true, app: false, quiet: true });
  const db = new pg.Pool({ connectionString: stack.urls.db, max: 1 });
  try {
    const { translatedRoom, plainRoom } = await createRooms(stack.urls.api);
    console.log(`Hotel: description ${original.description.length} characters, ${original.activities.length} activities, 7 languages.`);
    console.log(`Measuring bytes, ${RUNS}×${CALLS} database calls and ${HTTP_CALLS} HTTP calls per answer…`);
    const [plain, allLanguages, ...languages] = await measureAll(stack.urls.api, db, [
      { roomId: plainRoom, lang: null },
      { roomId: translatedRoom, lang: null },
      ...LANGUAGES.map((lang) => ({ roomId: translatedRoom, lang })),
    ]);
    const perLanguage = Object.fromEntries(LANGUAGES.map((language, index) => [language, languages[index]!])) as LanguagesBenchResult['perLanguage'];
    const result = { plain: plain!, allLanguages: allLanguages!, perLanguage };
    printFigures(result);
    return result;
  } finally {
    await db.end();
    await stack.stop();
    if (!process.env.ROOMGUIDE_DATA_DIR) fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

function printFigures({ plain, allLanguages, perLanguage }: LanguagesBenchResult): void {
  const bytes = (value: number) => `${value} B`;
  const slow4g = (value: number) => `${((value / SLOW_4G_BYTES_PER_SECOND) * 1000).toFixed(1)} ms`;
  const row = (label: string, figures: AnswerFigures) => [
    label,
    bytes(figures.raw),
    bytes(figures.gzip),
    bytes(figures.brotli),
    slow4g(figures.gzip),
    figures.gzip <= FIRST_FLIGHT_BYTES ? 'yes' : 'no',
    `${Math.round(figures.dbMicroseconds)} µs`,
    `${figures.httpMs.toFixed(1)} ms`,
  ];
  printTable(
    ['get_guide answer (realistic hotel)', 'raw', 'gzip', 'brotli', 'gzip on Slow 4G', 'first flight', 'database', 'HTTP (local)'],
    [
      row('no translations (today)', plain),
      row('all 7 languages (no lang)', allLanguages),
      ...LANGUAGES.map((language) => row(`lang=${language} only`, perLanguage[language])),
    ],
  );
  const everyLanguage = LANGUAGES.reduce((sum, language) => sum + perLanguage[language].gzip, 0);
  printTable(
    ['Every language available offline', 'requests', 'gzip'],
    [
      ['all languages in one answer', '1', bytes(allLanguages.gzip)],
      ['one answer per language', String(LANGUAGES.length), bytes(everyLanguage)],
    ],
  );
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  runLanguagesBench().then(
    () => process.exit(0),
    (error: unknown) => {
      console.error(error);
      process.exit(1);
    },
  );
}
