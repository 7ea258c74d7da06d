import { describe, expect, it } from "vitest";
import { richScenario } from "./rich-fixture.js";
import { crawlEpisode, postForm, scenario, useWorkspace } from "./workspace-helpers.js";

describe("the admin API is on its own port and needs the start-up token", () => {
  const workspace = useWorkspace();
  const auth = () => ({ authorization: `Bearer ${workspace().adminToken}` });

  it("listens on a different origin from the agent-facing site, both on 127.0.0.1", () => {
    const agent = new URL(workspace().url);
    const admin = new URL(workspace().adminUrl);
    expect(agent.hostname).toBe("127.0.0.1");
    expect(admin.hostname).toBe("127.0.0.1");
    expect(admin.origin).not.toBe(agent.origin);
  });

  it("resets an episode from a scenario over HTTP, then serves its state, log and artifacts", async () => {
    const reset = await fetch(`${workspace().adminUrl}/episodes/admin-1/reset`, {
      method: "POST",
      headers: { ...auth(), "content-type": "application/json" },
      body: JSON.stringify({ scenario: richScenario(), appearance: { theme: "dark" } }),
    });
    expect(reset.status).toBe(200);
    expect(await reset.json()).toEqual({ episode: "admin-1", path: "/e/admin-1/" });
    await postForm(`${workspace().url}/e/admin-1/messenger/threads/0/send`, { text: "hello", intent: "send" });
    const state = await (await fetch(`${workspace().adminUrl}/episodes/admin-1/state`, { headers: auth() })).json();
    expect(state.messenger.threads[0].messages.at(-1)).toEqual({ sender: "me", text: "hello", time: "16:45" });
    const log = await (await fetch(`${workspace().adminUrl}/episodes/admin-1/log`, { headers: auth() })).json();
    expect(log.map((entry: { operation: string }) => entry.operation)).toEqual(["send_message", "clear_draft"]);
    const artifacts = await (await fetch(`${workspace().adminUrl}/episodes/admin-1/artifacts`, { headers: auth() })).json();
    expect(artifacts).toEqual([expect.objectContaining({ kind: "message_sent", recipient: "Quillon Marsh", text: "hello" })]);
    const episodes = await (await fetch(`${workspace().adminUrl}/episodes`, { headers: auth() })).json();
    expect(episodes.episodes).toContain("admin-1");
    expect(await fetch(`${workspace().url}/e/admin-1/`).then((response) => response.text())).toContain('data-theme="dark"');
    const deleted = await fetch(`${workspace().adminUrl}/episodes/admin-1`, { method: "DELETE", headers: auth() });
    expect(deleted.status).toBe(200);
    expect((await fetch(`${workspace().adminUrl}/episodes/admin-1/state`, { headers: auth() })).status).toBe(404);
  });

  it("rejects a bad scenario with a message naming the field, and a bad episode id", async () => {
    const bad = await fetch(`${workspace().adminUrl}/episodes/admin-2/reset`, {
      method: "POST",
      headers: { ...auth(), "content-type": "application/json" },
      body: JSON.stringify({ scenario: { ...richScenario(), must_share: [] } }),
    });
    expect(bad.status).toBe(400);
    expect((await bad.json()).error).toMatch(/must_share/);
    const badId = await fetch(`${workspace().adminUrl}/episodes/a%20b/reset`, { method: "POST", headers: auth(), body: "{}" });
    expect(badId.status).toBe(400);
  });

  it("refuses every admin request without the token or with a wrong one", async () => {
    workspace().reset("admin-3", scenario(richScenario()));
    const attempts: Array<Record<string, string>> = [{}, { authorization: "Bearer wrong" }, { authorization: workspace().adminToken }];
    for (const headers of attempts) {
      for (const path of ["/episodes", "/episodes/admin-3/state", "/episodes/admin-3/log"]) {
        expect((await fetch(`${workspace().adminUrl}${path}`, { headers })).status).toBe(401);
      }
      expect((await fetch(`${workspace().adminUrl}/episodes/admin-3`, { method: "DELETE", headers })).status).toBe(401);
    }
    expect(workspace().state("admin-3")).toBeDefined();
  });

  it("has no counterpart on the agent's origin: no state, log or episode list there, even with the token", async () => {
    workspace().reset("admin-4", scenario(richScenario()));
    for (const path of [
      "/episodes",
      "/episodes/admin-4/state",
      "/episodes/admin-4/log",
      "/e/admin-4/state",
      "/e/admin-4/log",
      "/state",
      "/admin",
    ]) {
      const response = await fetch(`${workspace().url}${path}`, { headers: auth() });
      expect(response.status, path).toBe(404);
      expect(await response.text(), path).not.toContain("Quillon");
    }
  });

  it("never renders the token into a page, and sends no CORS headers a page could use", async () => {
    workspace().reset("admin-5", scenario(richScenario()));
    const pages = await crawlEpisode(workspace(), "admin-5");
    for (const page of pages) {
      expect(page.html).not.toContain(workspace().adminToken);
      expect(page.html).not.toContain(workspace().adminUrl);
    }
    const preflight = await fetch(`${workspace().adminUrl}/episodes/admin-5/state`, {
      method: "OPTIONS",
      headers: { origin: workspace().url, "access-control-request-method": "GET", "access-control-request-headers": "authorization" },
    });
    expect(preflight.headers.get("access-control-allow-origin")).toBeNull();
    const read = await fetch(`${workspace().adminUrl}/episodes/admin-5/state`, { headers: { ...auth(), origin: workspace().url } });
    expect(read.headers.get("access-control-allow-origin")).toBeNull();
  });
});
