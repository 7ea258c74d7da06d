/**
 * CSV as RFC 4180 writes it (comma-separated, CRLF rows, fields quoted when they hold a comma,
 * quote or line break, quotes doubled), plus one safety rule: a text cell that a spreadsheet would
 * run as a formula (first character = + - @ tab or CR) gets a leading apostrophe, and so does one
 * that already starts with an apostrophe, which keeps the rule reversible (`unprotectCsvCell`).
 */
export type CsvCell = string | number | boolean | null | undefined;

const FORMULA_START = /^[=+\-@\t\r']/;

function protectCsvCell(text: string): string {
  return FORMULA_START.test(text) ? `'${text}` : text;
}

/** The inverse of `protectCsvCell` for text cells read back from a CSV this module wrote. */
export function unprotectCsvCell(text: string): string {
  return text.startsWith("'") ? text.slice(1) : text;
}

function quote(field: string): string {
  return /[",\r\n]/.test(field) || field !== field.trim() ? `"${field.replace(/"/g, '""')}"` : field;
}

function cellText(cell: CsvCell): string {
  if (cell === null || cell === undefined) return "";
  if (typeof cell === "string") return protectCsvCell(cell);
  return String(cell);
}

export function toCsv(header: readonly string[], rows: ReadonlyArray<readonly CsvCell[]>): string {
  return `${[header, ...rows].map((row) => row.map((cell) => quote(cellText(cell))).join(",")).join("\r\n")}\r\n`;
}

/** Parses RFC 4180 CSV (either line ending) into rows of raw fields; the inverse of `toCsv`'s quoting. */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = "";
  let quoted = false;
  let i = 0;
  while (i < text.length) {
    const c = text[i] as string;
    if (quoted) {
      if (c === '"') {
        if (text[i + 1] === '"') {
          field += '"';
          i += 2;
          continue;
        }
        quoted = false;
      } else field += c;
      i++;
      continue;
    }
    if (c === '"' && field === "") quoted = true;
    else if (c === ",") {
      row.push(field);
      field = "";
    } else if (c === "\n" || c === "\r") {
      row.push(field);
      rows.push(row);
      row = [];
      field = "";
      if (c === "\r" && text[i + 1] === "\n") i++;
    } else field += c;
    i++;
  }
  if (field !== "" || row.length > 0) {
    row.push(field);
    rows.push(row);
  }
  return rows;
}
