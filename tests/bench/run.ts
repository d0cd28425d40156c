/**
 * `npm run bench`: every benchmark, one after another (each starts its own stack on its own ports), then all their
 * rows in one table with floors, ratios and targets. Benchmarks print figures and ratios; they never fail on a
 * number (a missed target is printed as missed), only when they cannot run.
 */
import { printRows, RUNS, type BenchRow } from './harness.ts';
import { runPagesBench } from './pages.ts';
import { runGuideBench, type GuideBenchResult } from './guide.ts';

/** The guest guide's figures as rows of the common table (its targets are those bench:guide prints). */
function guideRows({ guide, floor }: GuideBenchResult): BenchRow[] {
  const firstRatio = guide.firstMs / floor.firstMs;
  const repeatRatio = guide.repeatMs / floor.repeatMs;
  const kb = guide.firstScriptBytes / 1024;
  return [
    { page: 'guide /guide/{id} (WiFi password)', visit: 'first', value: guide.firstMs, floor: floor.firstMs, ratio: firstRatio, target: '≤ 2500 ms, ≤ 2× floor', met: guide.firstMs <= 2500 && firstRatio <= 2 },
    { page: 'guide /guide/{id} (WiFi password)', visit: 'repeat', value: guide.repeatMs, floor: floor.repeatMs, ratio: repeatRatio, target: '≤ 1.5× floor', met: repeatRatio <= 1.5 },
    { page: 'guide /guide/{id} (WiFi password)', visit: 'first: JavaScript', value: kb, floor: null, ratio: null, target: '≤ 150 KB', met: kb <= 150, unit: 'KB' },
  ];
}

const benches: [string, () => Promise<BenchRow[]>][] = [
  ['public pages and dashboard', runPagesBench],
  ['guest guide', async () => guideRows(await runGuideBench())],
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
console.log(missed.length ? `${missed.length} target(s) missed: ${missed.map((row) => `${row.page} ${row.visit}`).join('; ')}` : 'Every target met.');
process.exit(failed ? 1 : 0);
