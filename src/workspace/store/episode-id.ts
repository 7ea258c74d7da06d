/**
 * Episode ids appear in URL paths (`/e/<episode>/…`), so they are restricted to characters that
 * need no escaping; scenario ids already follow this rule, so a scenario id is a valid episode id.
 */
const EPISODE_ID = /^[A-Za-z0-9][A-Za-z0-9._:-]{0,199}$/;

export function isEpisodeId(value: string): boolean {
  return EPISODE_ID.test(value);
}

export function assertEpisodeId(value: string): string {
  if (!isEpisodeId(value)) {
    throw new Error(`invalid episode id "${value}": use 1-200 letters, digits, '.', '_', ':' or '-', starting with a letter or digit`);
  }
  return value;
}
