/**
 * `npm test`: every suite, one after another, then one total line.
 *
 * Suites run in sequence (not as one Vitest run) because the db, stack and e2e projects each start their own
 * database or whole local stack on the same test ports; the machine has two cores, so running them side by
 * side would only make each slower. The last line is the plain `N passed, M failed` total that CI reads.
 */
import { spawn } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync, existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { projectRoot } from '../local-stack/config.ts';
import { isPortFree } from '../local-stack/process-utils.ts';

interface SuiteResult {
  name: string;
  passed: number;
  failed: number;
  skipped: number;
  exitCode: number;
  seconds: number;
  /** Each failed test as `file > test: first line of its error`, printed with the summary so a log's tail names it. */
  failures?: string[];
}

interface VitestJsonReport {
  numPassedTests: number;
  numFailedTests: number;
  numPendingTests: number;
  numTodoTests: number;
  numFailedTestSuites: number;
  testResults: { name: string; message?: string; assertionResults: { fullName: string; status: string; failureMessages?: string[] }[] }[];
}

function failuresOf(report: VitestJsonReport): string[] {
  const firstLine = (text = '') =>
    text
      .split('\n')
      .find((line) => line.trim() !== '')
      ?.trim()
      .slice(0, 300) ?? '';
  return report.testResults.flatMap((file) => {
    const where = path.relative(projectRoot, file.name);
    const failedTests = file.assertionResults
      .filter((test) => test.status === 'failed')
      .map((test) => `${where} > ${test.fullName}: ${firstLine(test.failureMessages?.[0])}${failureContext(test.failureMessages?.[0], where)}`);
    // A file that failed to load has no failed tests, only its own message.
    return failedTests.length > 0 || !file.message ? failedTests : [`${where}: ${firstLine(file.message)}`];
  });
}

/**
 * What a timed-out wait waited for (Playwright's call log) and the test file's line, so a failure on a CI machine
 * can be found without its whole log.
 */
function failureContext(message = '', testFile: string): string {
  // eslint-disable-next-line no-control-regex -- the colour codes of a terminal report are what is removed
  const plain = message.replace(/\u001b\[[0-9;]*m/g, '');
  const waitedFor = plain.match(/waiting for (.+)/)?.[1]?.trim();
  const line = plain.match(new RegExp(`${testFile.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}:(\\d+)`))?.[1];
  return `${waitedFor ? ` [waiting for ${waitedFor.slice(0, 200)}]` : ''}${line ? ` (line ${line})` : ''}`;
}

const vitestProjects = ['unit', 'functions', 'db', 'stack', 'e2e', 'security', 'fuzz', 'faults'] as const;
const only = process.argv.slice(2);
const reportDir = path.join(projectRoot, 'test-results', 'json');

function run(command: string, args: string[]): Promise<number> {
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd: projectRoot, stdio: 'inherit', env: process.env });
    child.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
    child.on('error', () => resolve(127));
  });
}

async function runVitestProject(project: string): Promise<SuiteResult> {
  const started = Date.now();
  const outputFile = path.join(reportDir, `${project}.json`);
  rmSync(outputFile, { force: true });
  const exitCode = await run('npx', ['vitest', 'run', '--project', project, '--reporter=default', '--reporter=json', `--outputFile.json=${outputFile}`]);
  const seconds = (Date.now() - started) / 1000;
  if (!existsSync(outputFile)) {
    // The run died before reporting (a setup failure): count it as one failure so it cannot pass silently.
    return { name: project, passed: 0, failed: 1, skipped: 0, exitCode: exitCode || 1, seconds };
  }
  const report = JSON.parse(readFileSync(outputFile, 'utf8')) as VitestJsonReport;
  // A file that fails to load has no test results but does count as a failed suite.
  const failed = report.numFailedTests + (report.numFailedTests === 0 && exitCode !== 0 ? Math.max(1, report.numFailedTestSuites) : 0);
  return {
    name: project,
    passed: report.numPassedTests,
    failed,
    skipped: report.numPendingTests + report.numTodoTests,
    exitCode,
    seconds,
    failures: failuresOf(report),
  };
}

async function runCheck(name: string, command: string, args: string[]): Promise<SuiteResult> {
  const started = Date.now();
  console.log(`\n=== ${name}: ${command} ${args.join(' ')}`);
  const exitCode = await run(command, args);
  return { name, passed: exitCode === 0 ? 1 : 0, failed: exitCode === 0 ? 0 : 1, skipped: 0, exitCode, seconds: (Date.now() - started) / 1000 };
}

function functionEntrypoints(): string[] {
  const dir = path.join(projectRoot, 'supabase', 'functions');
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && !entry.name.startsWith('_') && existsSync(path.join(dir, entry.name, 'index.ts')))
    .map((entry) => path.join('supabase', 'functions', entry.name, 'index.ts'));
}

/** Every suite uses ports base … base + 99 (its stack, the functions' second stack, lifecycle's spare stacks). */
const portsPerBase = 100;

async function allPortsFree(base: number): Promise<boolean> {
  for (let port = base; port < base + portsPerBase; port++) {
    if (!(await isPortFree(port))) return false;
  }
  return true;
}

/**
 * The test ports lie below Linux's ephemeral range (32768–60999 by default), from which the kernel picks the local
 * port of every outgoing connection: a test port inside it was now and then held by another process's connection
 * on a busy machine ("port … is already in use"), failing a whole suite at setup.
 */
const firstTestPortBase = 25320;
const lastTestPortBase = 32768 - portsPerBase;

/**
 * A leftover `npm start -- --prod`, a second checkout's test run or any other program on one test port would
 * fail a whole suite at setup; when no base is given, take the first block of free ports from 25320 on.
 */
async function choosePortBase(): Promise<void> {
  if (process.env.ROOMGUIDE_PORT_BASE) return;
  for (let base = firstTestPortBase; base <= lastTestPortBase; base += portsPerBase) {
    if (await allPortsFree(base)) {
      process.env.ROOMGUIDE_PORT_BASE = String(base);
      if (base !== firstTestPortBase) console.log(`Ports ${firstTestPortBase}… are taken: the suites use ROOMGUIDE_PORT_BASE=${base}.`);
      return;
    }
  }
}

async function main(): Promise<void> {
  mkdirSync(reportDir, { recursive: true });
  await choosePortBase();
  const wanted = (name: string) => only.length === 0 || only.includes(name);
  const results: SuiteResult[] = [];

  if (wanted('typecheck')) results.push(await runCheck('typecheck', 'npx', ['tsc', '-b', '--noEmit']));
  if (wanted('lint')) results.push(await runCheck('lint', 'npx', ['eslint', '.', '--max-warnings=0']));
  if (wanted('format')) results.push(await runCheck('format', 'npx', ['prettier', '--check', '.']));
  if (wanted('deno-check')) {
    const entrypoints = functionEntrypoints();
    if (entrypoints.length > 0) {
      results.push(await runCheck('deno-check', 'npx', ['deno', 'check', '--config', 'supabase/functions/deno.json', ...entrypoints]));
    }
  }
  for (const project of vitestProjects) {
    if (!wanted(project)) continue;
    console.log(`\n=== vitest project: ${project}`);
    results.push(await runVitestProject(project));
  }

  console.log('\n=== Summary');
  for (const result of results) {
    const skipped = result.skipped ? `, ${result.skipped} skipped` : '';
    console.log(`${result.name.padEnd(12)} ${result.passed} passed, ${result.failed} failed${skipped} (${result.seconds.toFixed(0)} s)`);
  }
  for (const result of results) for (const failure of result.failures ?? []) console.log(`FAILED ${result.name}: ${failure}`);
  const passed = results.reduce((sum, r) => sum + r.passed, 0);
  const failed = results.reduce((sum, r) => sum + r.failed, 0);
  const skipped = results.reduce((sum, r) => sum + r.skipped, 0);
  console.log(`${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
  process.exitCode = failed > 0 || results.some((r) => r.exitCode !== 0) ? 1 : 0;
}

await main();
