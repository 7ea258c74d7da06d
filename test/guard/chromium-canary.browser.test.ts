/**
 * The mask must not leak (issue 7 §5): six fixture sites in real Chromium, each with a unique
 * canary in every user-generated field (text, aria-label, title, alt, off-screen text, overflowing
 * text, iframe text, text positioned over a trusted button). With the site's rule file:
 * 1. every canary is found in the DOM, and every quad it paints on screen lies inside F
 *    (geometry from `DOM.getContentQuads`, independent of the capture's snapshot geometry);
 * 2. every capture node naming a canary has its on-screen box inside F;
 * 3. pixel bleed: hiding the canary nodes from the host (style attribute over CDP) and taking a
 *    second screenshot changes pixels, and none outside F.
 * Over-masking (share of operator-template rows masked) is printed for each site. `scroll-clip`
 * adds scroll containers whose scrolled-away content keeps boxes over other content.
 */
import { afterAll, describe, expect, test } from "vitest";
import { capturePage } from "../../src/guard/capture/index.js";
import { type CapturedNode, CapturedPageSchema, guardPage } from "../../src/guard/index.js";
import {
  CANARY_FIXTURES,
  canariesOf,
  clippedArea,
  DomProbe,
  diffOutsideMask,
  maskBitmap,
  rulesOf,
  unmaskedPixels,
} from "./fixtures/canary-probe.js";
import { useFixtureSession } from "./fixtures/fixture-server.js";

const fixtures = useFixtureSession();
const overMasking: string[] = [];

afterAll(() => {
  if (overMasking.length > 0) console.log(`over-masking (operator-template rows masked):\n${overMasking.join("\n")}`);
});

describe.each(CANARY_FIXTURES)("canary page %s", (fixture) => {
  test("no canary is visible in the masked screenshot, and hiding them changes no pixel outside F", async () => {
    const page = await fixtures.session().context.newPage();
    try {
      await page.goto(fixtures.server().url(`${fixture}/page.html`), { waitUntil: "load" });
      const capture = await capturePage(page);
      expect(CapturedPageSchema.safeParse(capture).success).toBe(true);
      expect(capture.alignment.ok).toBe(true);
      const before = await page.screenshot();
      const result = guardPage(capture, rulesOf(fixture));
      const { width, height } = result.screen;
      const bitmap = maskBitmap(result.mask, width, height);

      // 1. Canary quads from the DOM, independent of the capture.
      const probe = await DomProbe.open(page);
      const canaries = canariesOf(fixture);
      expect(canaries.length).toBeGreaterThanOrEqual(10);
      const leaks: string[] = [];
      const toHide = [];
      let onScreen = 0;
      for (const canary of canaries) {
        const hits = await probe.search(canary);
        expect(hits.length, `${canary} is not in the page`).toBeGreaterThan(0);
        for (const hit of hits) {
          const element = probe.paintingElement(hit);
          toHide.push(element);
          // Ground truth of the over-masking figure: every painted canary is marked as user content.
          if (element.nodeName !== "TITLE") expect(probe.isUserContent(hit.backendNodeId), `${canary} lacks data-ugc`).toBe(true);
          for (const rect of await probe.visibleQuads(hit)) {
            if (clippedArea(rect, width, height) === 0) continue;
            onScreen++;
            const open = unmaskedPixels(bitmap, width, height, rect);
            if (open > 0)
              leaks.push(`${canary} (${hit.nodeName}) at [${rect.map((v) => Math.round(v)).join(", ")}]: ${open} pixel(s) outside F`);
          }
        }
      }
      expect(leaks).toEqual([]);
      // Text, aria-label, title, alt, overflow, iframe and over-the-button canaries are on screen.
      expect(onScreen).toBeGreaterThanOrEqual(fixture === "scroll-clip" ? 3 : 8);

      // 2. The capture's own boxes for every node that names a canary.
      const canaryPattern = new RegExp(canaries.join("|"), "i");
      const namesCanary = (node: CapturedNode): boolean => canaryPattern.test(node.name) || canaryPattern.test(node.text);
      for (const node of capture.nodes) {
        if (node.role === "document_web" || node.box === null || node.offscreen || !namesCanary(node)) continue;
        expect(
          unmaskedPixels(bitmap, width, height, node.box),
          `capture node ${node.id} (${node.rawRole}) "${node.name || node.text}"`,
        ).toBe(0);
      }

      // 3. Pixel bleed: hide every canary node from the host and compare.
      await probe.hide(toHide);
      const after = await page.screenshot();
      const diff = await diffOutsideMask(before, after, bitmap);
      expect(diff.changed).toBeGreaterThan(0);
      expect(diff.changedOutsideMask, `changed pixels outside F, e.g. ${JSON.stringify(diff.examples)}`).toBe(0);

      // Over-masking: operator-template rows (not user content, on screen, showing something).
      const byId = new Map(capture.nodes.map((node) => [node.id, node]));
      const backendOf = (id: string): number | null => {
        for (let node = byId.get(id); node !== undefined; node = node.parentId === null ? undefined : byId.get(node.parentId)) {
          if (node.backendNodeId !== null) return node.backendNodeId;
        }
        return null;
      };
      let operatorRows = 0;
      let untrusted = 0;
      let pixelMasked = 0;
      let userRows = 0;
      let userRowsShown = 0;
      const untrustedBy = new Map<string, number>();
      for (const row of result.rows) {
        const node = byId.get(row.nodeId);
        const backend = backendOf(row.nodeId);
        if (node === undefined || node.offscreen || backend === null || clippedArea(row.box, width, height) === 0) continue;
        if (row.role === "text" && row.text.trim() === "") continue;
        if (probe.isUserContent(backend)) {
          userRows++;
          if (row.verdict === "trusted") userRowsShown++;
          continue;
        }
        operatorRows++;
        if (row.verdict === "untrusted") {
          untrusted++;
          untrustedBy.set(row.source, (untrustedBy.get(row.source) ?? 0) + 1);
        }
        const area = clippedArea(row.box, width, height);
        // Mostly covered: more than half of its pixels lie inside F.
        if (unmaskedPixels(bitmap, width, height, row.box) < area / 2) pixelMasked++;
      }
      const pct = (n: number, d: number): string => `${d === 0 ? 0 : ((100 * n) / d).toFixed(1)}%`;
      overMasking.push(
        `  ${fixture.padEnd(16)} ${untrusted}/${operatorRows} operator rows untrusted (${pct(untrusted, operatorRows)}), ` +
          `[${[...untrustedBy]
            .sort()
            .map(([source, n]) => `${source} ${n}`)
            .join(", ")}], ` +
          `${pixelMasked}/${operatorRows} mostly covered by F (${pct(pixelMasked, operatorRows)}); ` +
          `user rows shown by an exception: ${userRowsShown}/${userRows}; canary quads on screen: ${onScreen}`,
      );
      expect(operatorRows).toBeGreaterThan(0);
      await probe.close();
    } finally {
      await page.close();
    }
  }, 180_000);
});
