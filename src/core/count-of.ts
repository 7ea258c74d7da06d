/**
 * A count with its noun in the right number ("1 scenario", "0 scenarios", "2 scenarios"), for every
 * count a command prints; `plural` for nouns that do not just add an s. English only, like the CLI.
 */
export function countOf(count: number, noun: string, plural = `${noun}s`): string {
  return `${count} ${count === 1 ? noun : plural}`;
}
