import { readFile } from "node:fs/promises";
import { Hono } from "hono";
import { HTTPException } from "hono/http-exception";
import { APP_NAMES } from "../scenario/index.js";
import { WORKSPACE_APPS } from "./apps.js";
import { registerHomeRoutes } from "./home/home-routes.js";
import { canonicalHost } from "./hosts/canonical-host.js";
import type { WorkspaceStore } from "./store/workspace-store.js";
import { SCRAWL_FONT_FILE, SCRAWL_FONT_URL } from "./themes/font-asset.js";
import { html } from "./views/html.js";

function plainPage(title: string, message: string) {
  return html`<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${title}</title></head><body><main><h1>${title}</h1><p>${message}</p></main></body></html>`;
}

/**
 * The agent-facing site: the home page and every app of the registry (src/workspace/apps.ts)
 * under `/e/<episode>/`, and the bundled font. It has no route that lists episodes or returns raw
 * state: the ground truth lives on the admin listener. It sits beside `start-workspace.ts`, above
 * the apps and the helpers they share (`http/`), so no app imports back up into what registers it.
 */
export async function createAgentSite(store: WorkspaceStore, ownOrigin: () => string): Promise<Hono> {
  const routes = await Promise.all(APP_NAMES.map((name) => WORKSPACE_APPS[name].routes()));
  const app = new Hono();
  let font: Promise<Buffer> | undefined;

  app.use("*", canonicalHost(store, ownOrigin));
  app.get("/", (c) => c.html(plainPage("Workspace", "Open the link of your workspace to start.")));
  // Browsers ask for it on their own; answering "no content" keeps their logs free of 404s.
  app.get("/favicon.ico", (c) => c.body(null, 204));
  app.get(SCRAWL_FONT_URL, async (c) => {
    font ??= readFile(SCRAWL_FONT_FILE);
    try {
      const bytes = await font;
      return c.body(new Uint8Array(bytes), 200, { "content-type": "font/ttf", "cache-control": "public, max-age=86400" });
    } catch {
      font = undefined;
      return c.notFound();
    }
  });

  registerHomeRoutes({ app, store });
  // Every app of the registry, in the catalog's order (routes are matched in registration order).
  for (const register of routes) register({ app, store });

  app.notFound((c) => c.html(plainPage("Not found", "There is no page at this address."), 404));
  app.onError((error, c) => {
    if (error instanceof HTTPException) {
      const title = error.status === 404 ? "Not found" : error.status === 409 ? "Out of date" : "Cannot do that";
      return c.html(plainPage(title, error.message), error.status);
    }
    // A harness must see a broken app as an error, never as an empty page.
    process.stderr.write(`workspace: ${error.stack ?? String(error)}\n`);
    return c.html(plainPage("Something went wrong", "The workspace failed to handle this request."), 500);
  });
  return app;
}
