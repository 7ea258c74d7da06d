import { type ChildProcess, spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { createServer } from "node:net";

/** Debian's redis-server (scripts/test.sh installs it when missing). */
const REDIS_SERVER = process.env.SAFECUA_REDIS_SERVER ?? "/usr/bin/redis-server";

export interface TestRedis {
  readonly port: number;
  /** `redis://127.0.0.1:<port>/0`. */
  readonly url: string;
  /** Kills the server (SIGKILL, as a machine that goes away), keeping the port for `start`. */
  kill(): Promise<void>;
  /** Starts it again on the same port, empty (nothing is saved). */
  start(): Promise<void>;
}

/** A free loopback port: bound by the system, then released for the server. */
async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      const port = typeof address === "object" && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

/**
 * A private Redis for one test file: loopback only, nothing saved to disk, on a free port. Call
 * `stopRedis` in `afterAll`. `password` starts it with `requirepass`.
 */
export async function startRedis(options: { password?: string } = {}): Promise<TestRedis & { stop(): Promise<void> }> {
  if (!existsSync(REDIS_SERVER)) throw new Error(`${REDIS_SERVER} is missing: apt-get install redis-server (scripts/test.sh does)`);
  const port = await freePort();
  let child: ChildProcess | undefined;
  const start = () =>
    new Promise<void>((resolve, reject) => {
      const args = ["--port", String(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no"];
      if (options.password) args.push("--requirepass", options.password);
      const server = spawn(REDIS_SERVER, args, { stdio: ["ignore", "pipe", "pipe"] });
      child = server;
      let output = "";
      const onData = (chunk: Buffer) => {
        output += chunk.toString("utf8");
        if (output.includes("Ready to accept connections")) {
          server.stdout?.off("data", onData);
          server.stdout?.resume();
          resolve();
        }
      };
      server.stdout?.on("data", onData);
      server.stderr?.resume();
      server.once("exit", (code) => reject(new Error(`redis-server exited (${code}) before it was ready:\n${output}`)));
    });
  const kill = async () => {
    const server = child;
    if (!server || server.exitCode !== null || server.signalCode !== null) return;
    const exited = new Promise((resolve) => server.once("exit", resolve));
    server.kill("SIGKILL");
    await exited;
  };
  await start();
  return { port, url: `redis://127.0.0.1:${port}/0`, kill, start, stop: kill };
}
