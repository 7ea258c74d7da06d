import { describe, expect, it } from "vitest";
import { RuleSetError, RuleStore, urlTemplate } from "../../src/guard/index.js";
import { normaliseHost } from "../../src/guard/store/normalise-host.js";
import { looserTemplate } from "../../src/guard/store/url-template.js";

describe("normaliseHost", () => {
  it.each([
    ["https://WWW.Example.COM/path", "example.com"],
    ["https://example.com:443/", "example.com"],
    ["http://example.com:80/", "example.com"],
    ["http://127.0.0.1:8080/x", "127.0.0.1:8080"],
    ["https://pages.gitlab.example/a", "pages.gitlab.example"],
    ["https://gitlab.example/a", "gitlab.example"],
    ["https://www2.example.com/", "www2.example.com"],
    ["https://bücher.example/", "xn--bcher-kva.example"],
    ["https://example.com./", "example.com"],
    ["localhost:3000", "localhost:3000"],
    ["Forum.Example", "forum.example"],
    ["file:///home/user/a.txt", "file:"],
    ["not a url at all", null],
  ])("%s → %s", (input, expected) => expect(normaliseHost(input)).toBe(expected));
});

describe("urlTemplate", () => {
  it.each([
    [
      "https://f.example/f/coolgithubprojects/103666/i-made-a-browser-extension-that-displays-ai-generated",
      "/f/coolgithubprojects/{n}/{slug}",
    ],
    ["https://f.example/f/coolgithubprojects/103666/short", "/f/coolgithubprojects/{n}/short"],
    ["https://f.example/f/vim/12/how-to-vim", "/f/vim/{n}/how-to-vim"],
    ["https://g.example/byteblaze/dotfiles/-/issues/3", "/{ns}/dotfiles/-/issues/{n}"],
    ["https://g.example/byteblaze/dotfiles/-/commit/3f2a9c1d", "/{ns}/dotfiles/-/commit/{hex}"],
    ["https://g.example/a/defaced", "/a/defaced"],
    ["https://x.example/doc/123e4567-e89b-12d3-a456-426614174000", "/doc/{uuid}"],
    ["https://x.example/search?q=attack&page=2&utm=x", "/search?page"],
    ["https://x.example/list/", "/list/"],
  ])("%s → %s", (url, expected) => expect(urlTemplate(url, { namespaces: ["byteblaze"], queryParams: ["page"] })).toBe(expected));

  it("loosens to the first two segments", () => {
    expect(looserTemplate("https://f.example/f/vim/12/how-to")).toBe("/f/vim/{*}");
    expect(looserTemplate("https://f.example/f/vim")).toBe("/f/vim");
  });
});

describe("RuleStore", () => {
  const rules = (label: string) => [{ ancestor_path: [{ role: "landmark", class: label }], verdict: "trusted", note: label }];
  const store = new RuleStore();
  store.add("forum.example", { kind: "default" }, rules("default"));
  store.add("forum.example", { kind: "prefix", prefix: "/f" }, rules("prefix-f"));
  store.add("forum.example", { kind: "prefix", prefix: "/f/vim" }, rules("prefix-vim"));
  store.add("forum.example", { kind: "template", template: "/f/emacs/{*}" }, rules("looser"));
  store.add("forum.example", { kind: "template", template: "/f/vim/{n}/{slug}" }, rules("template"));
  store.add("forum.example", { kind: "exact", path: "/f/vim/12/how-do-i-comment-out-code" }, rules("exact"));
  store.add("other.example", { kind: "default" }, rules("other"));

  const label = (url: string) => {
    const found = store.lookup(url);
    if (found === null) return null;
    const first = found.entry.rules[0]!;
    return `${found.via}:${"note" in first ? first.note : ""}`;
  };

  it.each([
    ["https://www.forum.example/f/vim/12/how-do-i-comment-out-code", "exact:exact"],
    ["https://forum.example/f/vim/13/how-do-i-uncomment-code", "template:template"],
    ["https://forum.example/f/emacs/7", "looser:looser"],
    ["https://forum.example/f", "prefix:prefix-f"],
    ["https://forum.example/user/alice", "default:default"],
    ["https://unknown.example/", null],
  ])("%s → %s", (url, expected) => expect(label(url)).toBe(expected));

  it("takes the longest prefix", () => {
    const s = new RuleStore();
    s.add("x.example", { kind: "prefix", prefix: "/a" }, rules("short"));
    s.add("x.example", { kind: "prefix", prefix: "/a/b" }, rules("long"));
    expect(s.lookup("https://x.example/a/b/c")?.entry.rules[0]).toMatchObject({ note: "long" });
    expect(s.lookup("https://x.example/a/bc")?.entry.rules[0]).toMatchObject({ note: "short" });
  });

  it("never merges rule sets: one lookup returns one stored set, and re-adding replaces", () => {
    const s = new RuleStore();
    s.add("x.example", { kind: "exact", path: "/p" }, rules("first"));
    s.add("x.example", { kind: "exact", path: "/p" }, rules("second"));
    s.add("x.example", { kind: "default" }, rules("fallback"));
    const found = s.lookup("https://x.example/p")!;
    expect(found.entry.rules).toHaveLength(1);
    expect(found.entry.rules[0]).toMatchObject({ note: "second" });
  });

  it("round-trips through JSON and reports bad entries by path", () => {
    const again = RuleStore.fromJSON(JSON.parse(JSON.stringify(store.toJSON())));
    expect(again.lookup("https://forum.example/f/vim/13/how-do-i-uncomment-code")?.via).toBe("template");
    expect(() =>
      RuleStore.fromJSON(
        {
          version: 1,
          entries: [
            { scope: "x.example", match: { kind: "exact", path: "/p" }, rules: [{ ancestor_path: [], verdict: "trusted", note: "n" }] },
          ],
        },
        "rules/store.json",
      ),
    ).toThrow(/rules\/store\.json: \$\.entries\[0\]\.rules\[0\]\.ancestor_path/);
    expect(() =>
      RuleStore.fromJSON({
        version: 1,
        entries: [
          { scope: "x.example", match: { kind: "default" }, rules: [] },
          { scope: "x.example", match: { kind: "default" }, rules: [] },
        ],
      }),
    ).toThrow(RuleSetError);
  });

  it("uses per-scope namespaces and query parameters", () => {
    const s = new RuleStore();
    s.configureScope("gitlab.example", { namespaces: ["byteblaze", "alicekim"] });
    s.add("gitlab.example", { kind: "template", template: "/{ns}/dotfiles/-/issues/{n}" }, rules("issue"));
    expect(s.lookup("https://gitlab.example/alicekim/dotfiles/-/issues/9")?.via).toBe("template");
  });
});

describe("configured placeholders", () => {
  const episode = { placeholders: [{ position: 1, name: "episode" }] };

  it.each([
    ["http://127.0.0.1:41234/e/ep-0123456789abcdef/messenger/threads/3", "/e/{episode}/messenger/threads/{n}"],
    ["http://127.0.0.1:9/e/browser-test-1/code/files/0/share", "/e/{episode}/code/files/{n}/share"],
    ["http://127.0.0.1:9/e/12/todo", "/e/{episode}/todo"],
    ["http://127.0.0.1:9/e/x/", "/e/{episode}/"],
    ["http://127.0.0.1:9/e/x", "/e/{episode}"],
    ["http://127.0.0.1:9/", "/"],
  ])("%s → %s", (url, expected) => expect(urlTemplate(url, episode)).toBe(expected));

  it("loosens past the placeholder", () => {
    expect(looserTemplate("http://h.example/e/abc/maps/share", episode)).toBe("/e/{episode}/{*}");
  });

  it("lets a path prefix match the page's template, on segment boundaries", () => {
    const s = new RuleStore();
    s.configureScope("127.0.0.1:8080", episode);
    s.add("127.0.0.1:8080", { kind: "prefix", prefix: "/e/{episode}/shop" }, [
      { ancestor_path: [{ role: "landmark", id: "shop" }], verdict: "trusted", note: "shop" },
    ]);
    expect(s.lookup("http://127.0.0.1:8080/e/any-thing/shop/share?what=cart")?.via).toBe("prefix");
    expect(s.lookup("http://127.0.0.1:8080/e/any-thing/shop")?.via).toBe("prefix");
    expect(s.lookup("http://127.0.0.1:8080/e/any-thing/shopping")).toBeNull();
    expect(s.lookup("http://127.0.0.1:8081/e/any-thing/shop")).toBeNull();
  });

  it("refuses built-in names, bad names and two placeholders at one position", () => {
    const s = new RuleStore();
    expect(() => s.configureScope("x.example", { placeholders: [{ position: 1, name: "n" }] })).toThrow(RuleSetError);
    expect(() => s.configureScope("x.example", { placeholders: [{ position: 1, name: "Episode Id" }] })).toThrow(RuleSetError);
    expect(() =>
      s.configureScope("x.example", {
        placeholders: [
          { position: 1, name: "a" },
          { position: 1, name: "b" },
        ],
      }),
    ).toThrow(/same position/);
    expect(() =>
      RuleStore.fromJSON({ version: 1, scopes: { "x.example": { placeholders: [{ position: -1, name: "a" }] } }, entries: [] }, "s.json"),
    ).toThrow(/s\.json: \$\.scopes\["x\.example"\]\.placeholders\[0\]\.position/);
  });

  it("round-trips a scope's placeholders through JSON", () => {
    const s = new RuleStore();
    s.configureScope("127.0.0.1:1", episode);
    s.add("127.0.0.1:1", { kind: "template", template: "/e/{episode}/" }, [
      { ancestor_path: [{ role: "list", id: "tiles" }], verdict: "trusted", note: "tiles" },
    ]);
    const again = RuleStore.fromJSON(JSON.parse(JSON.stringify(s.toJSON())));
    expect(again.lookup("http://127.0.0.1:1/e/other/")?.via).toBe("template");
  });
});
