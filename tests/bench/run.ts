/**
 * `npm run bench`: every benchmark, one after another (each starts its own stack on its own ports), then all the
 * pages' rows in one table with floors, ratios and targets. Benchmarks print figures and ratios; they never fail on a
 * number (a missed target is printed as missed), only when they cannot run.
 */
import { printRows, RUNS, type BenchRow } from './harness.ts';
import { runBulkRoomsBench } from './bulk-rooms.ts';
import { runPrintSheetBench } from './print-sheet.ts';
import { runPagesBench } from './pages.ts';
import { guideRows, runGuideBench } from './guide.ts';
import { runRpcBench } from './rpc.ts';
import { runLanguagesBench } from './guide-languages.ts';
import { runRealtimeBench } from './realtime.ts';

/** Each bench prints its own table; those that measure pages also return rows for the table of all pages. */
const benches: [string, () => Promise<BenchRow[]>][] = [
  ['public pages and dashboard', runPagesBench],
  ['guest guide', async () => guideRows(await runGuideBench())],
  ['bulk rooms', async () => (await runBulkRoomsBench(), [])],
  ['print sheet', async () => (await runPrintSheetBench(), [])],
  ['RPC: record_scan', async () => (await runRpcBench(), [])],
  ['guide languages', async () => (await runLanguagesBench(), [])],
  ['Realtime: 200 subscribers', async () => (await runRealtimeBench(), [])],
];

const rows: BenchRow[] = [];
let failed = 0;
for (const [name, run] of benches) {
  console.log(`\n=== bench: ${name}`);
  try {
    rows.push(...(await run()));
  } catch (error) {
    failed += 1;
    console.error(`bench ${name} could not run:`, error);
  }
}
console.log(`\n=== all pages`);
printRows(`Page (median of ${RUNS})`, rows);
const missed = rows.filter((row) => !row.met);
if (missed.length) console.log(`${missed.length} target(s) missed: ${missed.map((row) => `${row.page} ${row.visit}`).join('; ')}`);
else if (!failed) console.log('Every target met.');
if (failed) console.log(`${failed} bench(es) could not run (see above): their rows are missing.`);
process.exit(failed ? 1 : 0);
