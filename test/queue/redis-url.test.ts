import { existsSync, readdirSync } from "node:fs";
import { createServer } from "node:net";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { parseRedisUrl, redactRedisUrls } from "../../src/queue/index.js";
import { runCli } from "../support/run-cli.js";
import { tempDir } from "../support/temp-dir.js";

/** A loopback port nothing listens on: bound by the system, then released. */
async function closedPort(): Promise<number> {
  return new Promise((resolve) => {
    const server = createServer();
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() => resolve(typeof address === "object" && address ? address.port : 1));
    });
  });
}

describe("the queue's Redis URL", () => {
  it("reads host, port, database and password, and displays it without the password", () => {
    const target = parseRedisUrl("redis://:p%40ss@10.0.0.5:6380/3", {});
    expect(target).toMatchObject({ host: "10.0.0.5", port: 6380, db: 3, password: "p@ss", tls: false });
    expect(target.display).toBe("redis://:***@10.0.0.5:6380/3");
    expect(parseRedisUrl("rediss://user:pw@example.org", {})).toMatchObject({ port: 6379, db: 0, username: "user", tls: true });
  });

  it("comes from REDIS_URL when --queue has no value, and says what is expected otherwise", () => {
    expect(parseRedisUrl(undefined, { REDIS_URL: "redis://127.0.0.1:7000" }).port).toBe(7000);
    expect(() => parseRedisUrl(undefined, {})).toThrow(/--queue: expected redis:\/\/HOST:PORT\[\/DB\] \(or set REDIS_URL\)/);
    expect(() => parseRedisUrl("http://127.0.0.1", {})).toThrow(/expected a redis:\/\/ or rediss:\/\/ URL/);
    expect(() => parseRedisUrl("redis://127.0.0.1/x", {})).toThrow(/the database must be a number/);
  });

  it("redacts every password in a text, user names kept", () => {
    expect(redactRedisUrls("bench --queue redis://:pw@h:1/0 and rediss://me:pw2@h2")).toBe(
      "bench --queue redis://:***@h:1/0 and rediss://me:***@h2",
    );
  });
});

describe("Redis unreachable", () => {
  it("bench --queue exits 2 with one line naming the URL without its password, before any run folder exists", async () => {
    const out = tempDir();
    const port = await closedPort();
    const result = await runCli(["bench", "--queue", `redis://:hunter2@127.0.0.1:${port}/0`, "--out", out, "--limit", "2"]);
    expect(result.status).toBe(2);
    const lines = result.stderr.trim().split("\n");
    expect(lines.at(-1)).toMatch(new RegExp(`^--queue: Redis at redis://:\\*\\*\\*@127\\.0\\.0\\.1:${port}/0 is unreachable \\(.+\\)`));
    expect(result.stderr).not.toContain("hunter2");
    expect(result.stderr).not.toMatch(/\n\s+at /);
    expect(existsSync(out) ? readdirSync(out) : []).toEqual([]);
  });

  it("worker and queue status exit 2 the same way", async () => {
    const url = `redis://127.0.0.1:${await closedPort()}`;
    for (const args of [
      ["worker", "--queue", url],
      ["queue", "status", "--queue", url],
    ]) {
      const result = await runCli(args);
      expect(result.status).toBe(2);
      expect(result.stderr).toMatch(/is unreachable/);
    }
  });

  it("a bare --queue without REDIS_URL is bad usage", async () => {
    const result = await runCli(["bench", "--queue", "--out", join(tempDir(), "runs")], { env: { REDIS_URL: undefined } });
    expect(result.status).toBe(2);
    expect(result.stderr).toMatch(/or set REDIS_URL/);
  });
});
