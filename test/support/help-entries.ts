/** Each option's whole entry in a `--help` text (its first line and the wrapped lines under it), one string each. */
export function optionEntries(help: string): string[] {
  const entries: string[] = [];
  for (const line of help.split("\n")) {
    if (/^ {2}-/.test(line)) entries.push(line.trim());
    else if (/^ {4,}\S/.test(line) && entries.length > 0) entries[entries.length - 1] += ` ${line.trim()}`;
    else if (!line.startsWith(" ")) entries.push("");
  }
  return entries.filter(Boolean);
}

/** The entry of one flag (`--app`, `-o`), whitespace collapsed; undefined when the help has none. */
export function optionEntry(help: string, flag: string): string | undefined {
  return optionEntries(help)
    .map((entry) => entry.replace(/\s+/g, " "))
    .find((entry) => entry.split(/[ ,]+/).includes(flag));
}
