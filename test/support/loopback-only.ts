import net from "node:net";

/**
 * Unit tier: any connection to an address other than loopback fails at once, so a test that
 * would reach the network (a model endpoint, a DNS name) is caught here, not on a user's machine.
 */
const LOOPBACK = /^(127\.\d+\.\d+\.\d+|::1|localhost|::ffff:127\.\d+\.\d+\.\d+)$/;

function hostOf(args: unknown[]): string | undefined {
  const [first, second] = args;
  if (typeof first === "object" && first !== null && !Array.isArray(first)) {
    const options = first as { host?: string; path?: string };
    if (options.path !== undefined) return undefined; // a local socket file
    return options.host ?? "localhost";
  }
  if (typeof first === "number") return typeof second === "string" ? second : "localhost";
  return undefined;
}

const GUARDED = Symbol.for("safecua.loopbackOnly");
const connect = net.Socket.prototype.connect;
// Files share a worker (isolate: false), so the guard is installed once per worker.
if (!(GUARDED in net.Socket.prototype)) {
  Object.defineProperty(net.Socket.prototype, GUARDED, { value: true });
  net.Socket.prototype.connect = function guardedConnect(this: net.Socket, ...args: unknown[]) {
    const host = hostOf(Array.isArray(args[0]) ? (args[0] as unknown[]) : args);
    if (host !== undefined && !LOOPBACK.test(host)) throw new Error(`unit tests may not connect to ${host}: only loopback is allowed`);
    return (connect as (...a: unknown[]) => net.Socket).apply(this, args);
  } as typeof net.Socket.prototype.connect;
}
