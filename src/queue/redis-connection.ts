import { Redis } from "ioredis";
import { InputError } from "../core/index.js";
import { type RedisTarget, redactRedisUrls } from "./redis-url.js";

/** Every key of safecua's queues starts with this, so a shared Redis keeps them apart from other users' keys. */
export const QUEUE_PREFIX = "safecua";

/** Connection settings both ioredis and BullMQ accept. */
export interface QueueConnection {
  host: string;
  port: number;
  db: number;
  username?: string;
  password?: string;
  tls?: Record<string, never>;
  maxRetriesPerRequest?: number;
  retryStrategy?: (times: number) => number;
}

/**
 * Connection settings for a target. `failFast`: commands give up after a few reconnect attempts
 * instead of waiting forever, so a collector notices a Redis that went away and says so; workers
 * keep the default (wait and reconnect), since their jobs are safe in Redis meanwhile.
 */
export function connectionOptions(target: RedisTarget, failFast = false): QueueConnection {
  return {
    host: target.host,
    port: target.port,
    db: target.db,
    ...(target.username !== undefined && { username: target.username }),
    ...(target.password !== undefined && { password: target.password }),
    ...(target.tls && { tls: {} }),
    ...(failFast && { maxRetriesPerRequest: 2, retryStrategy: (times: number) => Math.min(times * 250, 2000) }),
  };
}

/**
 * Fails with one `InputError` (exit 2) when Redis cannot be reached or refuses the credentials,
 * before anything is planned or written. The message names the URL without its password.
 */
export async function checkRedis(target: RedisTarget, timeoutMs = 3000): Promise<void> {
  const client = new Redis({
    ...connectionOptions(target),
    lazyConnect: true,
    connectTimeout: timeoutMs,
    maxRetriesPerRequest: 0,
    retryStrategy: () => null,
  });
  // ioredis reports the cause (ECONNREFUSED, WRONGPASS) as an event and rejects with a vaguer
  // "Connection is closed."; the event's message is the one worth printing.
  let cause: string | undefined;
  client.on("error", (error: Error) => {
    cause ??= error.message;
  });
  try {
    await client.connect();
    await client.ping();
  } catch (error) {
    const reason = redactRedisUrls(cause ?? ((error as Error).message || String(error)));
    throw new InputError(`Redis at ${target.display} is unreachable (${reason}); start it, or check the URL and its password`, {
      file: "--queue",
    });
  } finally {
    client.disconnect();
  }
}
