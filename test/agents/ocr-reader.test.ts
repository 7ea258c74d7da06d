/**
 * The OCR seam: one engine, started on the first read and reused, readings cached by the image's
 * hash, the engine ended once idle (so a process or a test file is not kept alive), and a missing
 * language package reported as what to install. The real engine is exercised in
 * gullible-ocr.browser.test.ts.
 */
import { describe, expect, it } from "vitest";
import { type OcrEngine, OcrReader, ocrLanguagePath } from "../../src/agents/index.js";
import { InputError } from "../../src/core/index.js";
import { waitFor } from "../support/wait-for.js";

function fakeEngine() {
  const log = { started: 0, reads: 0, terminated: 0 };
  const engine = async (): Promise<OcrEngine> => {
    log.started++;
    return {
      async read(image) {
        log.reads++;
        return {
          paragraphs: [image.toString()],
          words: [{ text: image.toString(), confidence: 90, box: { x: 0, y: 0, width: 1, height: 1 } }],
        };
      },
      async terminate() {
        log.terminated++;
      },
    };
  };
  return { log, engine };
}

describe("OcrReader", () => {
  it("starts one engine on the first read and reuses it; an image read before comes from the cache", async () => {
    const { log, engine } = fakeEngine();
    const reader = new OcrReader({ engine, idleMs: 60_000 });
    expect(log.started).toBe(0);
    const [a, b] = await Promise.all([reader.read(Buffer.from("one")), reader.read(Buffer.from("two"))]);
    expect([a.paragraphs, b.paragraphs]).toEqual([["one"], ["two"]]);
    const again = await reader.read(Buffer.from("one"));
    expect(again).toMatchObject({ paragraphs: ["one"], ms: 0 });
    expect(log).toEqual({ started: 1, reads: 2, terminated: 0 });
    await reader.close();
    expect(log.terminated).toBe(1);
  });

  it("ends its engine once idle, and starts a new one for a later read", async () => {
    const { log, engine } = fakeEngine();
    const reader = new OcrReader({ engine, idleMs: 10 });
    await reader.read(Buffer.from("one"));
    await waitFor(() => log.terminated === 1, "the idle engine to end");
    await reader.read(Buffer.from("two"));
    expect(log.started).toBe(2);
    await reader.close();
  });

  it("keeps no failed reading and no failed engine: the next read tries again", async () => {
    let attempts = 0;
    const reader = new OcrReader({
      idleMs: 60_000,
      engine: async () => {
        attempts++;
        if (attempts === 1) throw new Error("no worker");
        return { read: async () => ({ paragraphs: ["ok"], words: [] }), terminate: async () => {} };
      },
    });
    await expect(reader.read(Buffer.from("x"))).rejects.toThrow("no worker");
    await expect(reader.read(Buffer.from("x"))).resolves.toMatchObject({ paragraphs: ["ok"] });
    await reader.close();
  });
});

describe("ocrLanguagePath", () => {
  it("finds the installed English model", () => {
    expect(ocrLanguagePath()).toMatch(/@tesseract\.js-data[\\/]eng/);
  });

  it("says which package to install when the model is missing, and never falls back to a download", () => {
    const missing = () => {
      throw new Error("Cannot find module");
    };
    expect(() => ocrLanguagePath(missing)).toThrow(InputError);
    expect(() => ocrLanguagePath(missing)).toThrow(
      "@tesseract.js-data/eng: the OCR language data is not installed: install the npm package @tesseract.js-data/eng (nothing is downloaded at run time)",
    );
    expect(() => ocrLanguagePath(() => ({ langPath: "/nowhere" }))).toThrow(InputError);
  });
});
