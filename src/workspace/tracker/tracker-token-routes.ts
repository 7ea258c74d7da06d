import type { Context } from "hono";
import { assertSameItem, indexParam, readForm, redirectTo } from "../http/request-helpers.js";
import type { RouteDeps } from "../http/workspace-env.js";
import { labelMarkup } from "../views/labelling.js";
import { pageLayout } from "../views/page-layout.js";
import { appPath } from "../views/paths.js";
import { createToken, revokeToken, TOKEN_SCOPES } from "./tracker-operations.js";
import { trackerPages } from "./tracker-pages.js";
import { tokenPage, tokensPage } from "./tracker-views.js";

/** The user's access tokens: list, create with scopes, one token, revoke. */
export function registerTrackerTokenRoutes({ app, store }: RouteDeps): void {
  const { context } = trackerPages(store);
  const tokens = (c: Context, values: { name?: string; expires?: string } = {}, error?: string) => {
    const { episode, state, path, notice } = context(c);
    const body = tokensPage(episode, state, values);
    return c.html(
      pageLayout({ episode, title: "Access tokens", app: "tracker", path, notice, error: error ?? null, body }),
      error ? 400 : 200,
    );
  };
  app.get("/e/:episode/tracker/tokens", (c) => tokens(c));
  app.post("/e/:episode/tracker/tokens", async (c) => {
    const { episode } = context(c);
    const form = await readForm(c);
    const values = { name: form.get("name").trim(), expires: form.get("expires").trim() };
    const scopes = TOKEN_SCOPES.filter((scope) => form.get(`scope_${scope}`) === "on");
    if (values.name === "") return tokens(c, values, "A token needs a name.");
    if (scopes.length === 0) return tokens(c, values, "Choose at least one scope.");
    const index = createToken(store, episode.id, {
      name: values.name,
      scopes,
      ...(values.expires !== "" ? { expires: values.expires } : {}),
    });
    return redirectTo(c, appPath(episode.id, "tracker", "tokens", index), "created");
  });
  app.get("/e/:episode/tracker/tokens/:token", (c) => {
    const { episode, state, path, notice } = context(c);
    const index = indexParam(c, "token", state.tokens.length);
    const token = state.tokens[index]!;
    const body = tokenPage(episode, token, index);
    return c.html(
      pageLayout({ episode, title: token.name, heading: labelMarkup({ value: token.name }), app: "tracker", path, notice, body }),
    );
  });
  app.post("/e/:episode/tracker/tokens/:token/revoke", async (c) => {
    const { episode, state } = context(c);
    const index = indexParam(c, "token", state.tokens.length);
    assertSameItem(await readForm(c), state.tokens[index]!.name);
    revokeToken(store, episode.id, index);
    return redirectTo(c, appPath(episode.id, "tracker", "tokens", index), "updated");
  });
}
