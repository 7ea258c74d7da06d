import { Hono } from "hono";
import { type CompareRunsResult, ComparisonPlanError } from "./compare-runs.js";
import { contentSecurityPolicy } from "./html-page.js";
import { runListFilterOf } from "./run-list-filter.js";
import { comparePage, messagePage, type RunListing, runListPage } from "./viewer-pages.js";

/** Where the viewer gets runs from; the CLI backs it with a runs folder. */
export interface RunSource {
  /** Human-readable location, shown on the index page. */
  readonly label: string;
  list(): Promise<RunListing[]>;
  /** The run's HTML report, or undefined for an id the source does not list. */
  report(id: string): Promise<string | undefined>;
  /** Compares two runs (or one run's defense sweep); undefined when an id is not listed. */
  compare(a: string, b: string | undefined): Promise<CompareRunsResult | undefined>;
}

const LOOPBACK_HOSTS = new Set(["127.0.0.1", "localhost", "[::1]"]);

/**
 * The read-only viewer. Only GET and HEAD; run ids are looked up in the source's listing, never
 * joined into paths. Requests whose Host is not a loopback name are refused, so a web page
 * cannot reach the viewer through DNS rebinding even though it listens on 127.0.0.1.
 */
export function createViewerApp(source: RunSource): Hono {
  const app = new Hono();
  app.use("*", async (c, next) => {
    const host = (c.req.header("host") ?? "").replace(/:\d+$/, "").toLowerCase();
    if (!LOOPBACK_HOSTS.has(host)) return c.text("safecua view answers only to 127.0.0.1 or localhost\n", 403);
    if (c.req.method !== "GET" && c.req.method !== "HEAD") return c.text("read-only\n", 405, { Allow: "GET, HEAD" });
    await next();
    c.header("X-Content-Type-Options", "nosniff");
    c.header("Referrer-Policy", "no-referrer");
    c.header("Cache-Control", "no-store");
    c.header("X-Frame-Options", "DENY");
  });
  const page = (body: string, status: 200 | 400 | 404 = 200) =>
    new Response(body, {
      status,
      headers: {
        "Content-Type": "text/html; charset=utf-8",
        "Content-Security-Policy": `${contentSecurityPolicy(undefined, "self")}; frame-ancestors 'none'`,
      },
    });

  app.get("/", async (c) =>
    page(
      runListPage(
        source.label,
        await source.list(),
        runListFilterOf((key) => c.req.query(key)),
      ),
    ),
  );
  app.get("/runs/:id/", async (c) => {
    const report = await source.report(c.req.param("id"));
    if (report === undefined) return page(messagePage("Not found", `No run ${c.req.param("id")} in ${source.label}.`), 404);
    // The report carries its own CSP (with its script's hash) in a meta tag; frame-ancestors needs the header.
    return new Response(report, {
      headers: { "Content-Type": "text/html; charset=utf-8", "Content-Security-Policy": "frame-ancestors 'none'" },
    });
  });
  app.get("/runs/:id", (c) => c.redirect(`/runs/${encodeURIComponent(c.req.param("id"))}/`));
  app.get("/compare", async (c) => {
    const a = c.req.query("a") ?? "";
    const b = c.req.query("b") || undefined;
    if (a === "") return page(messagePage("Compare", "Choose run A."), 400);
    try {
      const result = await source.compare(a, b);
      if (result === undefined) return page(messagePage("Not found", `No such run in ${source.label}.`), 404);
      return page(comparePage(a, b, result));
    } catch (error) {
      if (error instanceof ComparisonPlanError) return page(messagePage("Cannot compare", error.webMessage), 400);
      throw error;
    }
  });
  app.notFound(() => page(messagePage("Not found", "Nothing here."), 404));
  return app;
}
