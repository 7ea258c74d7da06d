import { InputError } from "../core/index.js";

/** How BullMQ and ioredis reach one Redis: host, port, database and, when the URL has them, credentials. */
export interface RedisTarget {
  host: string;
  port: number;
  db: number;
  username?: string;
  password?: string;
  tls: boolean;
  /** The URL with any password replaced by `***`: the only form that is printed or stored. */
  display: string;
}

/** `redis://:secret@host` → `redis://:***@host`, anywhere in a text (a command line, an error message). */
export function redactRedisUrls(text: string): string {
  return text.replace(/(rediss?:\/\/)([^@/\s]*)@/g, (_match, scheme: string, credentials: string) => {
    const colon = credentials.indexOf(":");
    return colon < 0 ? `${scheme}***@` : `${scheme}${credentials.slice(0, colon)}:***@`;
  });
}

/**
 * The queue's Redis, from `--queue URL` or else (a bare `--queue`) `REDIS_URL`. The password may sit in the URL
 * (`redis://:pw@host:6379/0`); it is kept out of every manifest and log by `display`.
 */
export function parseRedisUrl(url: string | undefined, env: NodeJS.ProcessEnv, flag = "--queue"): RedisTarget {
  const given = url ?? env.REDIS_URL;
  const source = url === undefined ? "REDIS_URL" : flag;
  if (!given) throw new InputError(`expected redis://HOST:PORT[/DB] (or set REDIS_URL)`, { file: flag });
  let parsed: URL;
  try {
    parsed = new URL(given);
  } catch {
    throw new InputError(`expected redis://HOST:PORT[/DB], got ${redactRedisUrls(given)}`, { file: source });
  }
  if (parsed.protocol !== "redis:" && parsed.protocol !== "rediss:")
    throw new InputError(`expected a redis:// or rediss:// URL, got ${parsed.protocol}`, { file: source });
  const dbText = parsed.pathname.replace(/^\//, "");
  const db = dbText === "" ? 0 : Number(dbText);
  if (!Number.isInteger(db) || db < 0)
    throw new InputError(`the database must be a number (redis://HOST:PORT/DB), got "${dbText}"`, { file: source });
  const port = parsed.port === "" ? 6379 : Number(parsed.port);
  const password = parsed.password === "" ? undefined : decodeURIComponent(parsed.password);
  const username = parsed.username === "" ? undefined : decodeURIComponent(parsed.username);
  const host = parsed.hostname.replace(/^\[(.*)\]$/, "$1") || "127.0.0.1";
  const credentials = password !== undefined ? `${username ?? ""}:***@` : username !== undefined ? `${username}@` : "";
  return {
    host,
    port,
    db,
    ...(username !== undefined && { username }),
    ...(password !== undefined && { password }),
    tls: parsed.protocol === "rediss:",
    display: `${parsed.protocol}//${credentials}${parsed.hostname}:${port}/${db}`,
  };
}
