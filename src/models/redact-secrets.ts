/**
 * Replaces every occurrence of the given secrets in a text. Used on every error message that may
 * quote a server's reply: some APIs echo part of a rejected key back ("Incorrect API key: sk-…").
 * Secrets shorter than 4 characters are ignored (replacing "x" everywhere would garble messages
 * and such a value protects nothing).
 */
export function redactSecrets(text: string, secrets: readonly (string | undefined)[]): string {
  let out = text;
  for (const secret of secrets) {
    if (secret === undefined || secret.length < 4) continue;
    out = out.split(secret).join("[redacted]");
  }
  return out;
}
