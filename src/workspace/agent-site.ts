import { readFile } from "node:fs/promises";
import { Hono } from "hono";
import { HTTPException } from "hono/http-exception";
import { registerCalendarRoutes } from "../calendar/calendar-routes.js";
import { registerCodeEditorRoutes } from "../code-editor/code-editor-routes.js";
import { registerFilesRoutes } from "../files/files-routes.js";
import { registerForumRoutes } from "../forum/forum-routes.js";
import { registerHomeRoutes } from "../home/home-routes.js";
import { canonicalHost } from "../hosts/canonical-host.js";
import { registerMailRoutes } from "../mail/mail-routes.js";
import { registerMapsRoutes } from "../maps/maps-routes.js";
import { registerMessengerRoutes } from "../messenger/messenger-routes.js";
import { registerShopRoutes } from "../shop/shop-routes.js";
import type { WorkspaceStore } from "../store/workspace-store.js";
import { registerTerminalRoutes } from "../terminal/terminal-routes.js";
import { SCRAWL_FONT_FILE, SCRAWL_FONT_URL } from "../themes/font-asset.js";
import { registerTodoRoutes } from "../todo/todo-routes.js";
import { registerTrackerRoutes } from "../tracker/tracker-routes.js";
import { html } from "../views/html.js";

function plainPage(title: string, message: string) {
  return html`<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${title}</title></head><body><main><h1>${title}</h1><p>${message}</p></main></body></html>`;
}

/**
 * The agent-facing site: the apps under `/e/<episode>/`, and the bundled font. It has no
 * route that lists episodes or returns raw state: the ground truth lives on the admin listener.
 */
export function createAgentApp(store: WorkspaceStore, ownOrigin: () => string): Hono {
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

  for (const register of [
    registerHomeRoutes,
    registerMessengerRoutes,
    registerCalendarRoutes,
    registerTodoRoutes,
    registerMapsRoutes,
    registerCodeEditorRoutes,
    registerShopRoutes,
    registerForumRoutes,
    registerMailRoutes,
    registerTrackerRoutes,
    registerFilesRoutes,
    registerTerminalRoutes,
  ]) {
    register({ app, store });
  }

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
