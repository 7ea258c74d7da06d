/** A word as a POSIX shell reads it back unchanged, for the commands the CLI prints to run again. */
export function shellWord(word: string): string {
  return /^[\w@%+=:,./-]+$/.test(word) ? word : `'${word.replaceAll("'", `'\\''`)}'`;
}
