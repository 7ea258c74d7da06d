/**
 * Terminal lines of cells in columns, indented two spaces: every column but the last is padded to
 * its widest cell, so a free-text last column (a note) never widens the others.
 */
export function alignedLines(rows: readonly (readonly string[])[]): string[] {
  const padded = Math.max(0, ...rows.map((cells) => cells.length - 1));
  const widths = Array.from({ length: padded }, (_, column) => Math.max(...rows.map((cells) => (cells[column] ?? "").length)));
  return rows.map(
    (cells) =>
      `  ${cells
        .map((cell, column) => (column < padded ? cell.padEnd(widths[column] as number) : cell))
        .join("  ")
        .trimEnd()}`,
  );
}
