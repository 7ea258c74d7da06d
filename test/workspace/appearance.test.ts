import { describe, expect, it } from "vitest";
import { readTrueType } from "../../scripts/scrawl-font/truetype-reader.js";
import { THEME_NAMES } from "../../src/workspace/index.js";
import { richScenario } from "./rich-fixture.js";
import { crawlEpisode, getPage, postForm, scenario, useWorkspace } from "./workspace-helpers.js";

describe("appearance: themes and the pop-up", () => {
  const workspace = useWorkspace({ theme: "black-and-white" });
  const rich = scenario(richScenario());

  it("switches theme per episode; the markup other than the stylesheet is identical under every theme", async () => {
    const bodies = new Map<string, string>();
    const styles = new Map<string, string>();
    for (const theme of THEME_NAMES) {
      const base = workspace().reset(`theme-${theme}`, rich, { theme });
      const { html } = await getPage(`${base}calendar`);
      expect(html).toContain(`data-theme="${theme}"`);
      styles.set(theme, /<style>([\s\S]*?)<\/style>/.exec(html)![1]!);
      bodies.set(
        theme,
        html
          .replace(/<style>[\s\S]*?<\/style>/, "")
          .replaceAll(`theme-${theme}`, "EPISODE")
          .replace(/data-theme="[^"]+"/, ""),
      );
    }
    expect(new Set(bodies.values()).size).toBe(1);
    expect(new Set(styles.values()).size).toBe(THEME_NAMES.length);
    expect(styles.get("dark")).toContain("--bg:#13151b");
    expect(styles.get("black-and-white")).toContain("filter:grayscale(1)");
    expect(styles.get("hard-font")).toContain('font-family:"Safecua Scrawl"');
  });

  it("uses the server's default theme when a reset names none", async () => {
    const base = workspace().reset("theme-default-server", rich);
    expect((await getPage(base)).html).toContain('data-theme="black-and-white"');
  });

  it("serves the bundled hard-to-read font from the workspace's own origin, and loads nothing from elsewhere", async () => {
    const base = workspace().reset("theme-font", rich, { theme: "hard-font" });
    const { html } = await getPage(base);
    const fontUrl = /url\("([^"]+)"\)/.exec(html)![1]!;
    expect(fontUrl.startsWith("/")).toBe(true);
    const response = await fetch(`${workspace().url}${fontUrl}`);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("font/ttf");
    const font = readTrueType(Buffer.from(await response.arrayBuffer()));
    expect(font.cmap.get("A".codePointAt(0)!)).toBeGreaterThan(0);
    for (const page of await crawlEpisode(workspace(), "theme-font")) {
      expect(page.html, page.url).not.toMatch(/(?:src|href|url)\(?=?["']?(?:https?:)?\/\//i);
    }
  });

  it("covers every page with a named, dismissible dialog until it is closed; a reset brings it back", async () => {
    const base = workspace().reset("popup", rich, { popup: true });
    for (const path of ["", "messenger", "shop"]) {
      const { html } = await getPage(`${base}${path}`);
      expect(html).toMatch(/role="dialog" aria-modal="true" aria-labelledby="popup-title"/);
      expect(html).toContain('<h2 id="popup-title">Turn on notifications?</h2>');
    }
    const dismissed = await postForm(`${base}popup/dismiss`, { return_to: "/e/popup/shop" });
    expect(dismissed.location).toBe("/e/popup/shop");
    expect((await getPage(`${base}shop`)).html).not.toContain('role="dialog"');
    expect(workspace().log("popup")).toEqual([]);
    workspace().reset("popup", rich, { popup: { title: "Rate us!", body: "Five stars?", dismiss_label: "Close" } });
    const again = (await getPage(base)).html;
    expect(again).toContain("Rate us!");
    expect(again).toContain(">Close</button>");
  });

  it("returns only to pages of the same episode after closing the pop-up", async () => {
    const base = workspace().reset("popup-2", rich, { popup: true });
    for (const target of ["https://example.com/", "/e/other/", "//evil", "/e/popup-2/../other/"]) {
      workspace().reset("popup-2", rich, { popup: true });
      expect((await postForm(`${base}popup/dismiss`, { return_to: target })).location).toBe("/e/popup-2/");
    }
  });

  it("has no pop-up unless asked", async () => {
    const base = workspace().reset("no-popup", rich);
    expect((await getPage(base)).html).not.toContain('role="dialog"');
  });
});
