import { episodeOf, readForm } from "../http/request-helpers.js";
import type { RouteDeps } from "../http/workspace-env.js";
import { pageLayout } from "../views/page-layout.js";
import { episodePath } from "../views/paths.js";
import { homePage } from "./home-views.js";

export function registerHomeRoutes({ app, store }: RouteDeps): void {
  app.get("/e/:episode", (c) => c.redirect(episodePath(episodeOf(c, store).id), 301));

  app.get("/e/:episode/", (c) => {
    const episode = episodeOf(c, store);
    return c.html(pageLayout({ episode, title: "Home", path: new URL(c.req.url).pathname, body: homePage(episode) }));
  });

  /** Closing the pop-up returns to the page it covered; only paths inside the same episode are followed. */
  app.post("/e/:episode/popup/dismiss", async (c) => {
    const episode = episodeOf(c, store);
    store.dismissPopup(episode.id);
    const back = (await readForm(c)).get("return_to");
    const home = episodePath(episode.id);
    const safe = back.startsWith(home) && !back.includes("//") && !back.includes("\\") && !back.includes("..");
    return c.redirect(safe ? back : home, 303);
  });
}
