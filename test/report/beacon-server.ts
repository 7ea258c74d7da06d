import { createServer } from "node:http";
import type { AddressInfo } from "node:net";

/** A 127.0.0.1 server that counts every request: any hit means a page fetched something it should not. */
export async function startBeaconServer(): Promise<{ port: number; hits: string[]; close: () => Promise<void> }> {
  const hits: string[] = [];
  const server = createServer((request, response) => {
    hits.push(`${request.method} ${request.url}`);
    response.writeHead(200, { "Content-Type": "image/gif" }).end();
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    port: (server.address() as AddressInfo).port,
    hits,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
