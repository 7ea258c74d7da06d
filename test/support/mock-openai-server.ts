/**
 * A scripted OpenAI-compatible server for tests: real HTTP on 127.0.0.1 (random port), so the
 * AI SDK providers, our retries, timeouts and concurrency limits run exactly as in production.
 *
 *   const server = await MockOpenAIServer.start();          // or start({ replies: [...] })
 *   server.reply('{"completed": true}', { fault: "rate_limit", retryAfter: 2 }, "hello");
 *   createModelClient("openai-compatible:m", { baseUrl: server.url });
 *   server.requests[0].body.messages;  server.callCount;  server.maxInFlight;
 *   await server.stop();
 *
 * Replies are taken from the queue in order; `respondWith(fn)` answers from a function of the
 * request instead (used when the queue is empty). With neither, the server answers HTTP 418
 * "no scripted reply left", which the model layer does not retry, so a missing script fails fast
 * and visibly. Every request is recorded, including ones that got a fault.
 *
 * Faults (one reply each):
 *   { fault: "rate_limit", retryAfter?: seconds | HTTP date, retryAfterMs?: n }  → 429
 *   { fault: "server_error", status?: 500 }      → 5xx with a provider-style error body
 *   { fault: "error", status, message? }         → any status (400, 401, 403, …)
 *   { fault: "hang" }                            → never answers (until the client gives up or stop())
 *   { fault: "malformed_json" }                  → 200 with a body that is not JSON
 *   { fault: "truncated" }                       → body or SSE stream cut off mid-way, socket closed
 *   { fault: "wrong_shape" }                     → 200 with valid JSON that is not a completion
 *   { fault: "reset" }                           → socket destroyed before any byte is sent
 *
 * Model listing (what a CLI preflight asks): with `models: [...]`, `GET /v1/models` lists them and
 * `GET /v1/models/{id}` answers 200 for a listed id and 404 otherwise; without it both are 404, as on
 * servers that offer no listing. These requests are counted in `modelListRequests`, not recorded in
 * `requests`, which holds model calls only.
 *
 * This file also holds `MockModelServer`, the wire-format-neutral core shared with
 * `mock-anthropic-server.ts`.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo, Socket } from "node:net";

interface MockUsage {
  input: number;
  output: number;
}

export interface MockTextReply {
  content: string;
  /** Token counts reported to the client; default: word counts of the prompt and the reply. */
  usage?: MockUsage;
  /** Extra delay for this reply, on top of the server's `latencyMs`. */
  delayMs?: number;
  /** Anthropic only: answer through the `json` tool (default: when the request forces that tool). */
  asJsonTool?: boolean;
}

export type MockFault =
  | { fault: "rate_limit"; retryAfter?: string | number; retryAfterMs?: number }
  | { fault: "server_error"; status?: number }
  | { fault: "error"; status: number; message?: string }
  | { fault: "hang" }
  | { fault: "malformed_json" }
  | { fault: "truncated" }
  | { fault: "wrong_shape" }
  | { fault: "reset" };

/** A string is shorthand for `{ content: string }`. */
export type MockReply = string | MockTextReply | MockFault;

export interface RecordedRequest {
  /** 0-based arrival order. */
  index: number;
  method: string;
  path: string;
  headers: Record<string, string>;
  /** Parsed JSON body (undefined when the body was not JSON). */
  body: any;
  rawBody: string;
  stream: boolean;
}

export type MockHandler = (request: RecordedRequest) => MockReply | Promise<MockReply>;

export interface MockServerOptions {
  replies?: MockReply[];
  handler?: MockHandler;
  /** Delay before every reply, e.g. 100 for a benchmark of a slow model. */
  latencyMs?: number;
  /** Model ids `GET /v1/models` lists (absent: that route is a 404). */
  models?: string[];
}

/** How one API family shapes its bodies; the core server handles everything else. */
export interface WireFormat {
  /** Path served, e.g. "/v1/chat/completions". */
  path: string;
  wantsStream(body: any): boolean;
  /** Word count of the prompt: the default `usage.input`. */
  promptWords(body: any): number;
  success(reply: MockTextReply, body: any, usage: MockUsage, id: string): unknown;
  /** SSE frames (already `event:`/`data:` formatted, each ending in a blank line). */
  stream(reply: MockTextReply, body: any, usage: MockUsage, id: string): string[];
  error(status: number, message: string): unknown;
  wrongShape(): unknown;
}

const NO_REPLY: MockFault = { fault: "error", status: 418, message: "mock server: no scripted reply left" };

export class MockModelServer {
  readonly requests: RecordedRequest[] = [];
  /** Requests being processed right now, and the highest that number has been. */
  inFlight = 0;
  maxInFlight = 0;
  /** `GET /v1/models…` requests received (a preflight's). */
  modelListRequests = 0;
  latencyMs: number;
  private readonly models: string[] | undefined;
  private readonly queue: MockReply[];
  private handler: MockHandler | undefined;
  private readonly sockets = new Set<Socket>();
  private readonly server: Server;
  private port = 0;
  private counter = 0;

  protected constructor(
    private readonly format: WireFormat,
    options: MockServerOptions = {},
  ) {
    this.queue = [...(options.replies ?? [])];
    this.handler = options.handler;
    this.latencyMs = options.latencyMs ?? 0;
    this.models = options.models;
    this.server = createServer((req, res) => void this.handle(req, res));
    this.server.on("connection", (socket) => {
      this.sockets.add(socket);
      socket.on("close", () => this.sockets.delete(socket));
    });
  }

  protected async listen(): Promise<void> {
    await new Promise<void>((resolve) => this.server.listen(0, "127.0.0.1", resolve));
    this.port = (this.server.address() as AddressInfo).port;
  }

  /** Base URL to give the client, ending in `/v1`. */
  get url(): string {
    return `http://127.0.0.1:${this.port}/v1`;
  }

  /** Number of HTTP requests received so far. */
  get callCount(): number {
    return this.requests.length;
  }

  get lastRequest(): RecordedRequest | undefined {
    return this.requests[this.requests.length - 1];
  }

  /** Appends replies to the queue. */
  reply(...replies: MockReply[]): this {
    this.queue.push(...replies);
    return this;
  }

  /** Answers from a function once the queue is empty (`undefined` removes it). */
  respondWith(handler: MockHandler | undefined): this {
    this.handler = handler;
    return this;
  }

  /** Forgets recorded requests, queued replies and the in-flight maximum. */
  reset(): void {
    this.requests.length = 0;
    this.queue.length = 0;
    this.maxInFlight = this.inFlight;
  }

  /** Closes the server and every open connection (including hung ones). */
  async stop(): Promise<void> {
    for (const socket of this.sockets) socket.destroy();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const listing = (req.url ?? "").split("?")[0]?.match(/^\/v1\/models(?:\/([^/]+))?$/);
    if (req.method === "GET" && listing) {
      this.modelListRequests += 1;
      const id = listing[1] !== undefined ? decodeURIComponent(listing[1]) : undefined;
      if (this.models === undefined || (id !== undefined && !this.models.includes(id)))
        sendJson(res, 404, this.format.error(404, `mock server: no model ${id ?? "listing"}`));
      else if (id !== undefined) sendJson(res, 200, { id, object: "model" });
      else sendJson(res, 200, { object: "list", data: this.models.map((model) => ({ id: model, object: "model" })) });
      return;
    }
    this.inFlight += 1;
    this.maxInFlight = Math.max(this.maxInFlight, this.inFlight);
    res.on("close", () => {
      this.inFlight -= 1;
    });
    const rawBody = await readBody(req);
    let body: any;
    try {
      body = JSON.parse(rawBody);
    } catch {
      body = undefined;
    }
    const recorded: RecordedRequest = {
      index: this.requests.length,
      method: req.method ?? "",
      path: (req.url ?? "").split("?")[0] ?? "",
      headers: Object.fromEntries(Object.entries(req.headers).map(([k, v]) => [k, Array.isArray(v) ? v.join(", ") : (v ?? "")])),
      body,
      rawBody,
      stream: body !== undefined && this.format.wantsStream(body),
    };
    this.requests.push(recorded);

    if (req.method !== "POST" || recorded.path !== this.format.path) {
      sendJson(res, 404, this.format.error(404, `mock server: no route ${req.method} ${recorded.path}`));
      return;
    }
    const next = this.queue.shift() ?? (this.handler !== undefined ? await this.handler(recorded) : NO_REPLY);
    const reply: MockTextReply | MockFault = typeof next === "string" ? { content: next } : next;
    const delay = this.latencyMs + ("content" in reply ? (reply.delayMs ?? 0) : 0);
    if (delay > 0) await sleep(delay);
    if (res.destroyed) return; // the client gave up while we waited
    this.send(res, reply, recorded);
  }

  private send(res: ServerResponse, reply: MockTextReply | MockFault, request: RecordedRequest): void {
    const format = this.format;
    if ("fault" in reply) {
      switch (reply.fault) {
        case "rate_limit": {
          const headers: Record<string, string> = {};
          if (reply.retryAfter !== undefined) headers["retry-after"] = String(reply.retryAfter);
          if (reply.retryAfterMs !== undefined) headers["retry-after-ms"] = String(reply.retryAfterMs);
          sendJson(res, 429, format.error(429, "mock rate limit"), headers);
          return;
        }
        case "server_error":
          sendJson(res, reply.status ?? 500, format.error(reply.status ?? 500, "mock server error"));
          return;
        case "error":
          sendJson(res, reply.status, format.error(reply.status, reply.message ?? `mock error ${reply.status}`));
          return;
        case "hang":
          return; // never answer; stop() or the client's abort closes the socket
        case "malformed_json":
          res.writeHead(200, { "content-type": "application/json" });
          res.end('{"id": "broken", "choices": [ {"message": ');
          return;
        case "wrong_shape":
          sendJson(res, 200, format.wrongShape());
          return;
        case "reset":
          res.socket?.destroy();
          return;
        case "truncated": {
          const text: MockTextReply = { content: "This reply will be cut off before it ends." };
          const usage = { input: format.promptWords(request.body), output: 9 };
          const id = this.nextId();
          if (request.stream) {
            res.writeHead(200, { "content-type": "text/event-stream", "cache-control": "no-cache" });
            const frames = format.stream(text, request.body, usage, id);
            res.write(frames.slice(0, Math.max(1, Math.floor(frames.length / 2))).join(""));
          } else {
            const full = JSON.stringify(format.success(text, request.body, usage, id));
            res.writeHead(200, { "content-type": "application/json", "content-length": String(Buffer.byteLength(full)) });
            res.write(full.slice(0, Math.floor(full.length / 2)));
          }
          // Let the partial bytes leave before the connection drops mid-body.
          setTimeout(() => res.socket?.destroy(), 5);
          return;
        }
      }
    }
    const usage = reply.usage ?? { input: format.promptWords(request.body), output: countWords(reply.content) };
    const id = this.nextId();
    if (request.stream) {
      res.writeHead(200, { "content-type": "text/event-stream", "cache-control": "no-cache" });
      res.end(format.stream(reply, request.body, usage, id).join(""));
      return;
    }
    sendJson(res, 200, format.success(reply, request.body, usage, id));
  }

  private nextId(): string {
    this.counter += 1;
    return `mock-${this.counter}`;
  }
}

/** POST /v1/chat/completions, JSON or SSE (`stream: true`), OpenAI bodies and error shapes. */
const OPENAI_FORMAT: WireFormat = {
  path: "/v1/chat/completions",
  wantsStream: (body) => body?.stream === true,
  promptWords: (body) =>
    countWords((body?.messages ?? []).map((m: any) => (typeof m.content === "string" ? m.content : JSON.stringify(m.content))).join(" ")),
  success: (reply, body, usage, id) => ({
    id: `chatcmpl-${id}`,
    object: "chat.completion",
    created: 1_700_000_000,
    model: body?.model ?? "mock",
    choices: [{ index: 0, message: { role: "assistant", content: reply.content }, finish_reason: "stop" }],
    usage: { prompt_tokens: usage.input, completion_tokens: usage.output, total_tokens: usage.input + usage.output },
  }),
  stream: (reply, body, usage, id) => {
    const base = { id: `chatcmpl-${id}`, object: "chat.completion.chunk", created: 1_700_000_000, model: body?.model ?? "mock" };
    const frames = [{ ...base, choices: [{ index: 0, delta: { role: "assistant", content: "" }, finish_reason: null }] }];
    for (const piece of splitInThree(reply.content))
      frames.push({ ...base, choices: [{ index: 0, delta: { content: piece } as any, finish_reason: null }] });
    frames.push({ ...base, choices: [{ index: 0, delta: {} as any, finish_reason: "stop" as any }] });
    const out = frames.map((frame) => `data: ${JSON.stringify(frame)}\n\n`);
    out.push(
      `data: ${JSON.stringify({ ...base, choices: [], usage: { prompt_tokens: usage.input, completion_tokens: usage.output, total_tokens: usage.input + usage.output } })}\n\n`,
    );
    out.push("data: [DONE]\n\n");
    return out;
  },
  error: (status, message) => ({
    error: { message, type: status === 429 ? "rate_limit_exceeded" : status >= 500 ? "server_error" : "invalid_request_error", code: null },
  }),
  wrongShape: () => ({ object: "chat.completion", result: "this body has no choices" }),
};

export class MockOpenAIServer extends MockModelServer {
  static async start(options: MockServerOptions = {}): Promise<MockOpenAIServer> {
    const server = new MockOpenAIServer(OPENAI_FORMAT, options);
    await server.listen();
    return server;
  }
}

export function countWords(text: string): number {
  const trimmed = text.trim();
  return trimmed === "" ? 0 : trimmed.split(/\s+/).length;
}

/** Splits a text into up to three non-empty pieces (for SSE deltas). */
export function splitInThree(text: string): string[] {
  if (text.length < 3) return text === "" ? [] : [text];
  const a = Math.floor(text.length / 3);
  const b = Math.floor((2 * text.length) / 3);
  return [text.slice(0, a), text.slice(a, b), text.slice(b)];
}

function sendJson(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  const text = JSON.stringify(body);
  res.writeHead(status, { "content-type": "application/json", "content-length": String(Buffer.byteLength(text)), ...headers });
  res.end(text);
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => resolve(Buffer.concat(chunks).toString("utf8")));
    req.on("error", reject);
  });
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
