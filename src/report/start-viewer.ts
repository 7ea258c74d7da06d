import type { AddressInfo } from "node:net";
import { runFolderSource } from "./run-folder-source.js";

/** The viewer binds here and nowhere else: results and agent outputs are private by default. */
const VIEWER_HOST = "127.0.0.1";
export const DEFAULT_VIEWER_PORT = 4790;

export interface RunningViewer {
  url: string;
  port: number;
  close(): Promise<void>;
}

/** Starts the viewer of a runs folder on 127.0.0.1 (port 0 picks a free one) and resolves once it listens. */
export async function startViewer(options: { runsDir: string; port: number }): Promise<RunningViewer> {
  const { createViewerApp } = await import("./viewer-app.js");
  const app = createViewerApp(runFolderSource(options.runsDir));
  const { serve } = await import("@hono/node-server");
  return new Promise((resolvePromise, reject) => {
    const server = serve({ fetch: app.fetch, hostname: VIEWER_HOST, port: options.port }, (info: AddressInfo) => {
      resolvePromise({
        url: `http://${VIEWER_HOST}:${info.port}/`,
        port: info.port,
        close: () =>
          new Promise<void>((done) => {
            server.close(() => done());
            // Keep-alive connections would hold close() open; the viewer has nothing to finish.
            if ("closeAllConnections" in server) (server as { closeAllConnections: () => void }).closeAllConnections();
          }),
      });
    });
    server.once("error", reject);
  });
}
