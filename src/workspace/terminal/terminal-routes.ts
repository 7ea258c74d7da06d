import type { Context } from "hono";
import { appContext } from "../http/page-context.js";
import { readForm, redirectTo } from "../http/request-helpers.js";
import type { RouteDeps } from "../http/workspace-env.js";
import { pageLayout } from "../views/page-layout.js";
import { appPath } from "../views/paths.js";
import { runTerminalLine, terminalOf } from "./terminal-session.js";
import { terminalPage } from "./terminal-views.js";

export function registerTerminalRoutes({ app, store }: RouteDeps): void {
  const context = (c: Context) => appContext(c, store, "terminal");

  app.get("/e/:episode/terminal", (c) => {
    const { episode, path } = context(c);
    return c.html(
      pageLayout({ episode, title: "Terminal", app: "terminal", path, body: terminalPage(episode, terminalOf(store, episode.id)) }),
    );
  });

  // One typed line per post; the page is rendered again from the shell (post, redirect, get).
  app.post("/e/:episode/terminal/run", async (c) => {
    const { episode } = context(c);
    const form = await readForm(c);
    runTerminalLine(store, episode.id, form.get("line"));
    return redirectTo(c, appPath(episode.id, "terminal"));
  });
}
