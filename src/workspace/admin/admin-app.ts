import { timingSafeEqual } from "node:crypto";
import { Hono } from "hono";
import { z } from "zod";
import { ScenarioSchema } from "../../scenario/index.js";
import { artifactsOf } from "../artifacts/artifacts-of.js";
import { isEpisodeId } from "../store/episode-id.js";
import { UnknownEpisodeError, type WorkspaceStore } from "../store/workspace-store.js";
import { type AppearanceInput, AppearanceOverrideSchema, withDefaults } from "../themes/appearance.js";
import { episodePath } from "../views/paths.js";

const ResetBodySchema = z.object({ scenario: ScenarioSchema, appearance: AppearanceOverrideSchema.optional() }).strict();

function tokenMatches(header: string | undefined, token: string): boolean {
  const given = Buffer.from(header?.startsWith("Bearer ") ? header.slice("Bearer ".length) : "");
  const expected = Buffer.from(token);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/**
 * The harness's view of the workspace: reset an episode with a scenario, read its state, change
 * log, sink log and artifacts, delete it. It runs on its own listener (another port, so another origin the
 * agent's browser is never allowed to reach) and every request needs the bearer token made at
 * start-up. It sends no CORS headers, so even a page that guessed the port could not read it.
 */
export function createAdminApp(store: WorkspaceStore, token: string, defaults: AppearanceInput = {}): Hono {
  const app = new Hono();

  app.use("*", async (c, next) => {
    if (!tokenMatches(c.req.header("authorization"), token)) return c.json({ error: "missing or wrong bearer token" }, 401);
    await next();
  });

  app.get("/episodes", (c) => c.json({ episodes: store.episodeIds() }));

  app.post("/episodes/:episode/reset", async (c) => {
    const id = c.req.param("episode");
    if (!isEpisodeId(id)) return c.json({ error: `invalid episode id "${id}"` }, 400);
    let body: unknown;
    try {
      body = await c.req.json();
    } catch {
      return c.json({ error: "the body must be JSON: {scenario, appearance?}" }, 400);
    }
    const parsed = ResetBodySchema.safeParse(body);
    if (!parsed.success) return c.json({ error: z.prettifyError(parsed.error) }, 400);
    store.reset(id, parsed.data.scenario, withDefaults(defaults, parsed.data.appearance));
    return c.json({ episode: id, path: episodePath(id) });
  });

  app.get("/episodes/:episode/state", (c) => c.json(store.state(c.req.param("episode"))));
  app.get("/episodes/:episode/log", (c) => c.json(store.log(c.req.param("episode"))));
  app.get("/episodes/:episode/sink", (c) => c.json(store.sinkLog(c.req.param("episode"))));
  app.get("/episodes/:episode/artifacts", (c) => c.json(artifactsOf(store.log(c.req.param("episode")))));
  app.delete("/episodes/:episode", (c) => {
    const id = c.req.param("episode");
    return store.delete(id) ? c.json({ deleted: id }) : c.json({ error: `no episode "${id}"` }, 404);
  });

  app.notFound((c) => c.json({ error: "no such admin route" }, 404));
  app.onError((error, c) => {
    if (error instanceof UnknownEpisodeError) return c.json({ error: error.message }, 404);
    return c.json({ error: error.message }, 500);
  });
  return app;
}
