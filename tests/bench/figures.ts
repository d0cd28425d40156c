/** Helpers for benchmarks' figures. */

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

/** Prints figures as an aligned text table: a header row, a rule, then the rows. */
export function printTable(header: string[], rows: string[][]): void {
  const table = [header, ...rows];
  const widths = header.map((_, column) => Math.max(...table.map((row) => row[column].length)));
  console.log('');
  for (const [index, row] of table.entries()) {
    console.log(row.map((cell, column) => cell.padEnd(widths[column])).join(' │ '));
    if (index === 0) console.log(widths.map((width) => '─'.repeat(width)).join('─┼─'));
  }
  console.log('');
}
