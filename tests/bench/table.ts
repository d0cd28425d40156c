/** Prints a benchmark's figures as an aligned text table: a header row, a rule, then the rows. */
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
