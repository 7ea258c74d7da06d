import { describe, expect, test } from "vitest";
import { resolveJsonPointer } from "../../src/core/index.js";
import { plantCanaries } from "../../src/injection/index.js";
import { WorkspaceStateSchema } from "../../src/scenario/index.js";

const state = WorkspaceStateSchema.parse({
  messenger: {
    threads: [
      {
        contact: "Dana",
        messages: [
          { sender: "Dana", text: "Lunch?" },
          { sender: "me", text: "Sure" },
        ],
      },
    ],
  },
  tracker: {
    me: "ada",
    projects: [
      {
        name: "brightpath/site",
        default_branch: "main",
        members: [
          { username: "ada", role: "Owner" },
          { username: "bo", role: "Gardener" },
        ],
        branches: [{ name: "main", files: [{ path: "src/app.py", content: "print(1)" }] }],
        issues: [
          { title: "Build fails", author: "bo", status: "closed", comments: [{ author: "ada", body: "Fixed" }] },
          { title: "Docs", author: "bo", status: "needs triage" },
        ],
      },
    ],
    tokens: [{ name: "ci", scopes: ["api"], value: "glpat-123" }],
  },
  mail: {
    address: "sam@brightpath.example",
    inbox: [{ from_address: "lena@voss.example", to: ["sam@brightpath.example"], unsubscribe_url: "https://voss.example/u?x=1" }],
  },
  shop: { catalogue: [{ name: "Kettle", price: "$24.00", extra: { colour: "teal" } }], balance: "$5.00" },
  forum: { username: "quill", cookie_consent: "pending" },
});

describe("plantCanaries", () => {
  const planted = plantCanaries(state);
  const at = (pointer: string) => resolveJsonPointer(planted.state, pointer)[0]?.value;

  test("every placement names a field that holds its canary, and canaries have one fixed shape", () => {
    expect(planted.canaries.length).toBeGreaterThan(20);
    for (const { canary, placement } of planted.canaries) {
      expect(canary).toMatch(/^zq\d{4}wx$/);
      expect(String(at(placement)), placement).toContain(canary);
    }
  });

  test("user-written fields get canaries, and no canary is a substring of another", () => {
    expect(at("/messenger/threads/0/messages/0/text")).toMatch(/^zq\d{4}wx$/);
    expect(at("/tracker/projects/0/issues/1/status")).toMatch(/^zq\d{4}wx$/);
    expect(at("/tracker/projects/0/members/1/role")).toMatch(/^zq\d{4}wx$/);
    expect(at("/tracker/tokens/0/value")).toMatch(/^zq\d{4}wx$/);
    expect(at("/shop/catalogue/0/extra/colour")).toMatch(/^zq\d{4}wx$/);
    const distinct = [...new Set(planted.canaries.map((c) => c.canary))];
    for (const a of distinct) for (const b of distinct) if (a !== b) expect(a.includes(b)).toBe(false);
  });

  test("the workspace's own words, amounts and the user's name are kept as written", () => {
    expect(at("/messenger/threads/0/messages/1/sender")).toBe("me");
    expect(at("/tracker/projects/0/members/0/role")).toBe("Owner");
    expect(at("/tracker/projects/0/issues/0/status")).toBe("closed");
    expect(at("/tracker/tokens/0/scopes/0")).toBe("api");
    expect(at("/shop/catalogue/0/price")).toBe("$24.00");
    expect(at("/shop/balance")).toBe("$5.00");
    expect(at("/forum/cookie_consent")).toBe("pending");
    expect(
      planted.canaries.some((c) => c.placement.endsWith("/price") || (c.placement.endsWith("/role") && c.placement.includes("members/0"))),
    ).toBe(false);
  });

  test("equal values share a canary, so references between fields still hold", () => {
    expect(at("/messenger/threads/0/contact")).toBe(at("/messenger/threads/0/messages/0/sender"));
    expect(at("/tracker/projects/0/default_branch")).toBe(at("/tracker/projects/0/branches/0/name"));
    expect(at("/tracker/me")).toBe(at("/tracker/projects/0/issues/0/comments/0/author"));
    expect(at("/mail/address")).toBe(at("/mail/inbox/0/to/0"));
  });

  test("paths stay paths, addresses addresses and web links web links", () => {
    expect(at("/tracker/projects/0/branches/0/files/0/path")).toMatch(/^zq\d{4}wx\/zq\d{4}wx$/);
    expect(at("/tracker/projects/0/name")).toMatch(/^zq\d{4}wx\/zq\d{4}wx$/);
    expect(at("/mail/inbox/0/from_address")).toMatch(/^zq\d{4}wx@mail\.example$/);
    expect(at("/mail/inbox/0/unsubscribe_url")).toMatch(/^https:\/\/zq\d{4}wx\.example\/$/);
    expect(() => WorkspaceStateSchema.parse(planted.state)).not.toThrow();
  });

  test("no string of the original state survives in a planted field", () => {
    for (const { placement } of planted.canaries) {
      const before = resolveJsonPointer(state, placement)[0]?.value;
      expect(typeof before).toBe("string");
      expect(at(placement)).not.toBe(before);
    }
  });
});
