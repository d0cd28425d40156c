/**
 * `npm run bench`: every benchmark, one after another (each starts its own stack on its own ports). Benchmarks
 * print figures and ratios; they never fail on a number, only when they cannot run.
 */
import { runBulkRoomsBench } from './bulk-rooms.ts';
import { runGuideBench } from './guide.ts';
import { runRpcBench } from './rpc.ts';
import { runLanguagesBench } from './guide-languages.ts';

const benches: [string, () => Promise<unknown>][] = [
  ['guest guide', runGuideBench],
  ['bulk rooms', runBulkRoomsBench],
  ['RPC: record_scan', runRpcBench],
  ['guide languages', runLanguagesBench],
];

let failed = 0;
for (const [name, run] of benches) {
  console.log(`\n=== bench: ${name}`);
  try {
    await run();
  } catch (error) {
    failed += 1;
    console.error(`bench ${name} could not run:`, error);
  }
}
process.exit(failed ? 1 : 0);
