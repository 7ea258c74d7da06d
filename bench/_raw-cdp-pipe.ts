/**
 * A bare DevTools client over `--remote-debugging-pipe` (the transport Playwright uses too), for
 * measuring what merely receiving and parsing Chromium's replies costs this process, with nothing
 * of Playwright's layers around it. Bench-only: no reconnection, no event routing beyond what the
 * floor measurement needs.
 *
 * Chromium reads commands from fd 3 and writes replies to fd 4, each message JSON text ended by a
 * NUL byte. Receiving is timed in two parts: framing (concatenating chunks, finding the NUL,
 * decoding UTF-8) and `JSON.parse`.
 */
import { type ChildProcess, spawn } from "node:child_process";
import type { Readable, Writable } from "node:stream";
import { resolveChromiumExecutable } from "../src/browser/chromium-executable.js";
import { CHROMIUM_FLAGS } from "../src/browser/chromium-flags.js";

interface Pending {
  resolve: (value: Record<string, unknown>) => void;
  reject: (error: Error) => void;
}

export interface RawReceiveCost {
  /** Bytes of reply text received, by command id order. */
  bytes: number;
  /** CPU microseconds of this process spent framing (concat + split + UTF-8 decode). */
  framingUs: number;
  /** CPU microseconds of this process spent in `JSON.parse`. */
  parseUs: number;
}

const cpuUs = (): number => {
  const usage = process.cpuUsage();
  return usage.user + usage.system;
};

export class RawCdpPipe {
  private nextId = 1;
  private readonly pending = new Map<number, Pending>();
  private readonly waiters: Array<{ method: string; resolve: () => void }> = [];
  private chunks: Buffer[] = [];
  /** Costs of receiving since the last `takeCost()`. */
  private cost: RawReceiveCost = { bytes: 0, framingUs: 0, parseUs: 0 };

  private constructor(
    private readonly child: ChildProcess,
    private readonly input: Writable,
    output: Readable,
  ) {
    output.on("data", (chunk: Buffer) => this.receive(chunk));
  }

  static launch(): RawCdpPipe {
    const child = spawn(resolveChromiumExecutable(), [...CHROMIUM_FLAGS, "--remote-debugging-pipe", "about:blank"], {
      stdio: ["ignore", "ignore", "ignore", "pipe", "pipe"],
    });
    return new RawCdpPipe(child, child.stdio[3] as Writable, child.stdio[4] as Readable);
  }

  private receive(chunk: Buffer): void {
    let start = cpuUs();
    let end = chunk.indexOf(0);
    if (end < 0) {
      this.chunks.push(chunk);
      this.cost.framingUs += cpuUs() - start;
      return;
    }
    let rest = chunk;
    while (end >= 0) {
      const text = Buffer.concat([...this.chunks, rest.subarray(0, end)]).toString("utf8");
      this.chunks = [];
      rest = rest.subarray(end + 1);
      end = rest.indexOf(0);
      const parsedAt = cpuUs();
      this.cost.framingUs += parsedAt - start;
      const message = JSON.parse(text) as { id?: number; method?: string; result?: Record<string, unknown>; error?: { message: string } };
      start = cpuUs();
      this.cost.parseUs += start - parsedAt;
      this.cost.bytes += text.length;
      this.dispatch(message);
      start = cpuUs();
    }
    if (rest.length > 0) this.chunks.push(rest);
    this.cost.framingUs += cpuUs() - start;
  }

  private dispatch(message: { id?: number; method?: string; result?: Record<string, unknown>; error?: { message: string } }): void {
    if (message.id !== undefined) {
      const pending = this.pending.get(message.id);
      this.pending.delete(message.id);
      if (message.error !== undefined) pending?.reject(new Error(message.error.message));
      else pending?.resolve(message.result ?? {});
      return;
    }
    for (let i = this.waiters.length - 1; i >= 0; i--) {
      if (this.waiters[i]!.method === message.method) this.waiters.splice(i, 1)[0]!.resolve();
    }
  }

  send(method: string, params: object = {}, sessionId?: string): Promise<Record<string, unknown>> {
    const id = this.nextId++;
    const reply = new Promise<Record<string, unknown>>((resolve, reject) => this.pending.set(id, { resolve, reject }));
    this.input.write(`${JSON.stringify({ id, method, params, ...(sessionId && { sessionId }) })}\0`);
    return reply;
  }

  /** Resolves at the next event of this name (on any session). */
  once(method: string): Promise<void> {
    return new Promise((resolve) => this.waiters.push({ method, resolve }));
  }

  takeCost(): RawReceiveCost {
    const cost = this.cost;
    this.cost = { bytes: 0, framingUs: 0, parseUs: 0 };
    return cost;
  }

  /** A page at `url` with the bench's viewport, loaded; returns its flattened session id. */
  async openPage(url: string, viewport: { width: number; height: number }): Promise<string> {
    const { targetId } = (await this.send("Target.createTarget", { url: "about:blank" })) as { targetId: string };
    const { sessionId } = (await this.send("Target.attachToTarget", { targetId, flatten: true })) as { sessionId: string };
    await this.send("Page.enable", {}, sessionId);
    await this.send("Emulation.setDeviceMetricsOverride", { ...viewport, deviceScaleFactor: 1, mobile: false }, sessionId);
    const loaded = this.once("Page.loadEventFired");
    await this.send("Page.navigate", { url }, sessionId);
    await loaded;
    return sessionId;
  }

  close(): void {
    this.child.kill();
  }
}
