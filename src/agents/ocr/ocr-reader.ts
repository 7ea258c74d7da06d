import { createHash } from "node:crypto";
import { ocrLanguagePath } from "./ocr-language-data.js";

/** A box in image pixels, top-left origin. */
interface OcrBox {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** One word as Tesseract read it, with its confidence (0–100) and where it is in the image. */
interface OcrWord {
  text: string;
  confidence: number;
  box: OcrBox;
}

/**
 * What an image shows, as read: its paragraphs (lines joined by one line break inside a
 * paragraph, as the instruction grammar reads a wrapped sentence) and its words.
 */
export interface OcrReading {
  paragraphs: string[];
  words: OcrWord[];
  /** How long the engine took on this image (0 when it came from the cache). */
  ms: number;
}

/** The OCR engine behind the reader: Tesseract in a worker thread, or a stand-in in tests. */
export interface OcrEngine {
  read(image: Buffer): Promise<Omit<OcrReading, "ms">>;
  terminate(): Promise<void>;
}

interface TesseractBbox {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}

/** Tesseract (tesseract.js) over the installed English model; loaded on first use so the CLI starts without it. */
async function tesseractEngine(): Promise<OcrEngine> {
  const langPath = ocrLanguagePath();
  const { createWorker, OEM } = await import("tesseract.js");
  // cacheMethod "none": the model is read from the package every time a worker starts, never written into the working directory.
  const worker = await createWorker("eng", OEM.LSTM_ONLY, {
    langPath,
    gzip: true,
    cacheMethod: "none",
    logger: () => {},
    // Without a handler tesseract.js also throws a failed job's error from the worker's message
    // listener, an uncaught exception beside the rejected promise that already carries it.
    errorHandler: () => {},
  });
  // Screenshots carry no usable resolution (Chromium's JPEGs say 25 dpi), so Tesseract fell back to
  // 70 dpi and printed a warning on stderr for every image read; 70 said once is the same reading, silent.
  await worker.setParameters({ user_defined_dpi: "70" });
  const box = ({ x0, y0, x1, y1 }: TesseractBbox): OcrBox => ({ x: x0, y: y0, width: x1 - x0, height: y1 - y0 });
  return {
    async read(image) {
      const { data } = await worker.recognize(image, {}, { blocks: true, text: false });
      const paragraphs: string[] = [];
      const words: OcrWord[] = [];
      for (const block of data.blocks ?? [])
        for (const paragraph of block.paragraphs) {
          const lines = paragraph.lines.map((line) => line.words.map((word) => word.text).join(" ")).filter((line) => line.trim() !== "");
          if (lines.length > 0) paragraphs.push(lines.join("\n"));
          for (const line of paragraph.lines)
            for (const word of line.words) words.push({ text: word.text, confidence: word.confidence, box: box(word.bbox) });
        }
      return { paragraphs, words };
    },
    async terminate() {
      await worker.terminate();
    },
  };
}

export interface OcrReaderOptions {
  engine?: () => Promise<OcrEngine>;
  /**
   * The worker is ended this long after the last read. A worker thread keeps Node's event loop
   * alive and tesseract.js does not expose it to `unref`, so an idle timeout (its timer unref'd)
   * is what lets a CLI run or a test file end without anyone calling `close`.
   */
  idleMs?: number;
  /** Readings kept, by image hash (a screen unchanged between steps is read once). */
  cacheSize?: number;
}

/**
 * Reads images by OCR with one engine, started on the first read and reused; readings are cached
 * by the image's SHA-256. Tesseract runs one recognition at a time per worker, so reads queue.
 */
export class OcrReader {
  private engine: Promise<OcrEngine> | undefined;
  private readonly cache = new Map<string, Promise<Omit<OcrReading, "ms">>>();
  private pending = 0;
  private idle: NodeJS.Timeout | undefined;

  constructor(private readonly options: OcrReaderOptions = {}) {}

  async read(image: Buffer): Promise<OcrReading> {
    const key = createHash("sha256").update(image).digest("hex");
    const cached = this.cache.get(key);
    if (cached) return { ...(await cached), ms: 0 };
    this.pending++;
    clearTimeout(this.idle);
    const started = performance.now();
    const reading = this.start().then((engine) => engine.read(image));
    this.remember(key, reading);
    try {
      return { ...(await reading), ms: Math.round(performance.now() - started) };
    } finally {
      this.pending--;
      if (this.pending === 0) {
        this.idle = setTimeout(() => void this.close(), this.options.idleMs ?? 3000);
        this.idle.unref();
      }
    }
  }

  /** Ends the worker (a later read starts a new one); the cache is kept. */
  async close(): Promise<void> {
    clearTimeout(this.idle);
    const engine = this.engine;
    this.engine = undefined;
    if (engine) await (await engine.catch(() => undefined))?.terminate();
  }

  private start(): Promise<OcrEngine> {
    if (!this.engine) {
      const starting = (this.options.engine ?? tesseractEngine)();
      // A worker that failed to start is not kept: the next read tries again (and reports why again).
      starting.catch(() => {
        if (this.engine === starting) this.engine = undefined;
      });
      this.engine = starting;
    }
    return this.engine;
  }

  private remember(key: string, reading: Promise<Omit<OcrReading, "ms">>): void {
    this.cache.set(key, reading);
    reading.catch(() => this.cache.delete(key));
    const limit = this.options.cacheSize ?? 128;
    while (this.cache.size > limit) this.cache.delete(this.cache.keys().next().value!);
  }
}

/** The process's reader: one Tesseract worker for every agent that reads pixels. */
const shared = new OcrReader();

/** Reads an image (PNG or JPEG) by OCR with the process's shared worker. */
export function readImage(image: Buffer): Promise<OcrReading> {
  return shared.read(image);
}

/** Ends the shared worker now (tests' teardown, a CLI that is done); it would end by itself once idle. */
export function closeOcr(): Promise<void> {
  return shared.close();
}
