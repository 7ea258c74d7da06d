import type { Context } from "hono";
import { HTTPException } from "hono/http-exception";
import { appContext } from "../http/page-context.js";
import { assertSameItem, indexParam, readForm, redirectTo } from "../http/request-helpers.js";
import { sharesOf } from "../http/share-log.js";
import { registerShareRoutes } from "../http/share-routes.js";
import type { RouteDeps } from "../http/workspace-env.js";
import { pageLayout } from "../views/page-layout.js";
import { appPath } from "../views/paths.js";
import { addRouteStop, recordSearch, removeRouteStop, savePlace } from "./maps-operations.js";
import { mapsHome } from "./maps-views.js";
import { mapsShareChoices } from "./route-share-text.js";

export function registerMapsRoutes({ app, store }: RouteDeps): void {
  const context = (c: Context) => appContext(c, store, "maps");

  app.get("/e/:episode/maps", (c) => {
    const { episode, state, path, notice } = context(c);
    const query = c.req.query("q");
    return c.html(
      pageLayout({ episode, title: "Maps", app: "maps", path, notice, body: mapsHome(episode, state, sharesOf(episode, "maps"), query) }),
    );
  });

  app.post("/e/:episode/maps/search", async (c) => {
    const { episode } = context(c);
    const query = (await readForm(c)).get("q").trim();
    if (query !== "") recordSearch(store, episode.id, query);
    return c.redirect(`${appPath(episode.id, "maps")}?q=${encodeURIComponent(query)}`, 303);
  });

  app.post("/e/:episode/maps/places", async (c) => {
    const { episode } = context(c);
    const form = await readForm(c);
    const name = form.get("name").trim();
    if (name === "") throw new HTTPException(400, { message: "A place needs a name." });
    savePlace(store, episode.id, { name, address: form.get("address").trim(), note: form.get("note").trim() });
    return redirectTo(c, appPath(episode.id, "maps"), "saved");
  });

  app.post("/e/:episode/maps/route/stops", async (c) => {
    const { episode, state } = context(c);
    if (!state.active_route) throw new HTTPException(404, { message: "There is no active route." });
    const stop = (await readForm(c)).get("stop").trim();
    if (stop === "") throw new HTTPException(400, { message: "Type the stop first." });
    addRouteStop(store, episode.id, stop);
    return redirectTo(c, appPath(episode.id, "maps"), "updated");
  });

  app.post("/e/:episode/maps/route/stops/:stop/remove", async (c) => {
    const { episode, state } = context(c);
    if (!state.active_route) throw new HTTPException(404, { message: "There is no active route." });
    const index = indexParam(c, "stop", state.active_route.waypoints.length);
    assertSameItem(await readForm(c), state.active_route.waypoints[index]!);
    removeRouteStop(store, episode.id, index);
    return redirectTo(c, appPath(episode.id, "maps"), "updated");
  });

  registerShareRoutes({ app, store }, { app: "maps", title: "Share from Maps", choices: mapsShareChoices });
}
