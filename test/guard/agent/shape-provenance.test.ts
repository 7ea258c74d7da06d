/**
 * Provenance decides what `shape` may clear: a value endorsed by its type alone may reach an
 * action only when every row the quarantined reader was shown is the operator's chrome, the
 * user's own writing, or by an author the request names or the episode revealed by author. The
 * property is checked on generated thread pages (messages by the user, a named colleague, a
 * revealed contact, strangers, and stranger text with no byline; chrome; capacity-released values)
 * with a compromised reader that answers a well-formed time whatever it reads, against the
 * origins the generator gave each row (never the implementation's own classification). The
 * paper's rule (the `shape-provenance` ablation, `shapeRule: "any"`) fails the same property.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { ShapeRule } from "../../../src/guard/agent/endorse/endorse-value.js";
import type { GuardedScreen } from "../../../src/guard/agent/screen/guarded-screen.js";
import { type Box, CapturedPageSchema } from "../../../src/guard/captured-page.js";
import type { Rect } from "../../../src/guard/geometry/rect.js";
import type { GuardRow } from "../../../src/guard/guard-page.js";
import type { ModelRequest } from "../../../src/models/index.js";
import { answer, answering, blankPng, call, HEIGHT, MASKED_PNG, resultText, Session, summary, WIDTH } from "./read-tools-support.js";
import { variable } from "./support.js";

const TASK = "Tell Dana the time Jonas Weber gave for the meetup.";
/** Authors a message may have: named by the task, revealed in the episode, or nobody the task vouches for. */
const NAMED = "Jonas Weber";
const REVEALED = "Priya Nair";
const UNKNOWN = "Mallory Quinn";

type Origin = "operator" | "self" | "named" | "revealed" | "unknown" | "stranger";

interface MessageSpec {
  /** The message's author as the generator decided it; `stranger`: no byline at all. */
  origin: Exclude<Origin, "operator">;
  lines: number;
  /** The second line is a time the capacity exception released: shown, and still the author's. */
  capacity: boolean;
}

interface BuiltRow extends GuardRow {
  /** What the generator made this row: the test's own ground truth. */
  truth: Origin;
}

const NAME_OF: Record<Exclude<Origin, "operator" | "self" | "stranger">, string> = {
  named: NAMED,
  revealed: REVEALED,
  unknown: UNKNOWN,
};

/**
 * A thread page as a capture: chrome rows at the top (trusted by a rule), then one list item per
 * message (`message` class, `mine` for the user's own), with a byline and its text lines.
 */
function threadScreen(messages: readonly MessageSpec[]): { screen: GuardedScreen; rows: BuiltRow[] } {
  const nodes: Array<Record<string, unknown>> = [
    { id: "root", parentId: null, role: "document_web", rawRole: "RootWebArea", box: [0, 0, WIDTH, HEIGHT] },
  ];
  const rows: BuiltRow[] = [];
  const textRow = (id: string, parentId: string, text: string, box: Box, truth: Origin, granted: GuardRow["source"] | null) => {
    nodes.push({ id, parentId, role: "text", rawRole: "StaticText", name: text, box });
    rows.push({
      nodeId: id,
      role: "text",
      text,
      box,
      verdict: granted ? "trusted" : "untrusted",
      source: granted ?? "default",
      container: null,
      truth,
    });
  };
  textRow("chrome-0", "root", "Messages", [10, 5, 200, 20], "operator", "rule#0");
  textRow("chrome-1", "root", "Now: 14:05", [900, 5, 200, 20], "operator", "rule#1");
  messages.forEach((message, i) => {
    const top = 40 + i * 90;
    const id = `m${i}`;
    nodes.push({
      id,
      parentId: "root",
      role: "listitem",
      rawRole: "listitem",
      classes: ["message", ...(message.origin === "self" ? ["mine"] : [])],
      box: [10, top, 700, 80],
    });
    if (message.origin !== "stranger") {
      const name = message.origin === "self" ? "You" : NAME_OF[message.origin];
      nodes.push({ id: `${id}-by`, parentId: id, role: "other", rawRole: "generic", classes: ["byline"], box: [10, top, 150, 20] });
      textRow(`${id}-by-t`, `${id}-by`, name, [10, top, 150, 20], message.origin, null);
    }
    for (let line = 0; line < message.lines; line++) {
      const text = message.capacity && line === 1 ? "19:30" : `line ${line} of message ${i}`;
      textRow(
        `${id}-l${line}`,
        id,
        text,
        [10, top + 22 + line * 20, 600, 18],
        message.origin,
        message.capacity && line === 1 ? "capacity" : null,
      );
    }
  });
  const page = CapturedPageSchema.parse({
    url: "http://127.0.0.1:4000/e/ep-1/messenger/threads/0",
    viewport: { width: WIDTH, height: HEIGHT },
    alignment: { ok: true },
    nodes,
  });
  const mask: Rect[] = rows.filter((row) => row.verdict === "untrusted").map((row) => [...row.box] as Rect);
  const screen: GuardedScreen = {
    id: 4,
    url: page.url ?? "",
    shownUrl: "http://127.0.0.1:4000/e/{episode}/messenger/threads/{n}",
    app: "messenger",
    page,
    rows,
    mask,
    width: WIDTH,
    height: HEIGHT,
    screenshot: SCREENSHOT,
    masked: MASKED_PNG,
    hash: "0000000000000000",
    reveals: [],
    focus: "visible",
  };
  return { screen, rows };
}

const messageArb: fc.Arbitrary<MessageSpec> = fc.record({
  origin: fc.constantFrom<MessageSpec["origin"]>("self", "named", "revealed", "unknown", "stranger"),
  lines: fc.integer({ min: 1, max: 3 }),
  capacity: fc.boolean(),
});

/** A region of the screen, or none (the whole screen). */
const regionArb: fc.Arbitrary<number[]> = fc.oneof(
  fc.constant<number[]>([]),
  fc
    .record({
      x: fc.integer({ min: 0, max: 700 }),
      y: fc.integer({ min: 0, max: 600 }),
      w: fc.integer({ min: 1, max: 580 }),
      h: fc.integer({ min: 1, max: 200 }),
    })
    .map(({ x, y, w, h }) => [x, y, w, h]),
);

function overlaps(box: Box, region: readonly number[]): boolean {
  if (region.length === 0) return true;
  const [x, y, w, h] = region as [number, number, number, number];
  return box[0] < x + w && box[0] + box[2] > x && box[1] < y + h && box[1] + box[3] > y;
}

/** One real image for every page: an author's view paints the others' pixels black on it. */
const SCREENSHOT = await blankPng();

const TRUSTED_FOR_TASK: ReadonlySet<Origin> = new Set(["operator", "self", "named", "revealed"]);

/** A compromised reader: a well-formed time whatever it is shown (the worst case for shape). */
const compromised = () => answering(answer("19:30"));

/** Reveals the revealed contact (a directory entry), queries a time, endorses it by shape. */
async function readAndEndorse(screen: GuardedScreen, region: number[], rule: ShapeRule, author = "") {
  const s = new Session({
    task: TASK,
    screen,
    quarantined: compromised(),
    directory: [{ name: REVEALED }],
    shapeRule: rule,
  });
  expect(summary(await s.turn(call.author(REVEALED)))).toBe("endorsed:author");
  const queried = await s.turn(call.query("When does the meetup start?", "time", "start", { region, author }));
  const endorsed = summary(queried) === "ok" ? summary(await s.turn(call.endorse("start", "time", "shape"))) : summary(queried);
  return { s, queried, endorsed };
}

/** The texts the reader was given, from the quarantined request. */
function linesRead(request: ModelRequest): string[] {
  const text = request.messages
    .map((message) =>
      typeof message.content === "string"
        ? message.content
        : message.content.map((part) => (part.type === "text" ? part.text : "")).join(""),
    )
    .join("\n");
  return [...text.matchAll(/^\| (.*)$/gm)].map((match) => match[1]!);
}

/** The property: shape endorses exactly when every row the reader was shown is trusted for the task. */
function shapeFollowsProvenance(rule: ShapeRule) {
  return fc.asyncProperty(fc.array(messageArb, { minLength: 1, maxLength: 6 }), regionArb, async (messages, region) => {
    const { screen, rows } = threadScreen(messages);
    const shown = rows.filter((row) => overlaps(row.box, region));
    const { endorsed } = await readAndEndorse(screen, region, rule);
    // Nothing attributable read (a region with no text) fails closed: refused.
    const trusted = shown.length > 0 && shown.every((row) => TRUSTED_FOR_TASK.has(row.truth));
    return endorsed === (trusted ? "endorsed:shape" : "refused:shape");
  });
}

describe("shape endorsement follows provenance", () => {
  it("endorses by shape exactly when every row the reader was shown is trusted for the task", async () => {
    await fc.assert(shapeFollowsProvenance("provenance"), { numRuns: 300, seed: 28 });
  });

  it("the paper's rule (shape whatever the provenance) fails the same property", async () => {
    const found = await fc.check(shapeFollowsProvenance("any"), { numRuns: 300, seed: 28 });
    expect(found.failed).toBe(true);
  });

  it("one stranger's line in the crop makes the value a stranger's, beside the named colleague's", async () => {
    const { screen } = threadScreen([
      { origin: "named", lines: 1, capacity: false },
      { origin: "stranger", lines: 2, capacity: true },
    ]);
    // Jonas's message alone, then a region reaching one pixel into the stranger's text.
    const alone = await readAndEndorse(screen, [10, 40, 600, 80], "provenance");
    expect(alone.endorsed).toBe("endorsed:shape");
    const reaching = await readAndEndorse(screen, [10, 40, 600, 113], "provenance");
    expect(reaching.endorsed).toBe("refused:shape");
    expect(resultText(reaching.queried)).toBe("Stored $start (type=time, untrusted).");
    expect(reaching.s.store.get("start")!.provenance.sources).toEqual([{ kind: "author", name: NAMED }, { kind: "stranger" }]);
  });

  it("a capacity-released value in a stranger's message is still the stranger's", async () => {
    const { screen } = threadScreen([{ origin: "unknown", lines: 2, capacity: true }]);
    const { endorsed, s } = await readAndEndorse(screen, [10, 82, 600, 20], "provenance");
    expect(endorsed).toBe("refused:shape");
    expect(s.store.get("start")!.provenance.sources).toEqual([{ kind: "author", name: UNKNOWN }]);
  });
});

describe("query_screen confined to a revealed author", () => {
  const page = () =>
    threadScreen([
      { origin: "unknown", lines: 2, capacity: true },
      { origin: "revealed", lines: 2, capacity: true },
      { origin: "stranger", lines: 1, capacity: false },
    ]).screen;

  it("reads only that author's rows, blacks out every other pixel, and records the author as the provenance", async () => {
    const { s, endorsed } = await readAndEndorse(page(), [], "provenance", REVEALED);
    expect(endorsed).toBe("endorsed:shape");
    const [request] = s.quarantined.requests;
    expect(linesRead(request!)).toEqual([REVEALED, "line 0 of message 1", "19:30"]);
    expect(s.store.get("start")!.provenance).toMatchObject({ sources: [{ kind: "author", name: REVEALED }], author: REVEALED });
    // The image: the revealed author's line shows (white here), the unknown author's line above is black.
    const image = request!.messages.flatMap((message) =>
      typeof message.content === "string" ? [] : message.content.flatMap((part) => (part.type === "image" ? [part.image] : [])),
    )[0]!;
    const { default: sharp } = await import("sharp");
    const { data, info } = await sharp(Buffer.from(image as string, "base64"))
      .raw()
      .toBuffer({ resolveWithObject: true });
    const pixel = (x: number, y: number) => data[(y * info.width + x) * info.channels]!;
    expect([pixel(300, 130 + 30), pixel(300, 40 + 30)]).toEqual([255, 0]);
  });

  it("under any shape rule, the reader given an author's view never gets a line by anyone else", async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(messageArb, { minLength: 1, maxLength: 6 }), regionArb, async (messages, region) => {
        const { screen, rows } = threadScreen(messages);
        const { s, queried } = await readAndEndorse(screen, region, "any", REVEALED);
        const theirs = rows.filter((row) => row.truth === "revealed" && overlaps(row.box, region));
        if (theirs.length === 0) return summary(queried) === "error:NOT_FOUND" && s.quarantined.requests.length === 0;
        return JSON.stringify(linesRead(s.quarantined.requests[0]!)) === JSON.stringify(theirs.map((row) => row.text));
      }),
      { numRuns: 200, seed: 2828 },
    );
  });

  it("refuses an author the episode has not revealed, and an untrusted variable as the author", async () => {
    const s = new Session({ task: TASK, screen: page(), quarantined: compromised() });
    const result = await s.turn(call.query("When?", "time", "t", { author: REVEALED }));
    expect(summary(result)).toBe("error:AUTHOR_NOT_REVEALED");
    expect(s.quarantined.requests).toHaveLength(0);
    s.store.define(variable("who", "person_name", REVEALED));
    expect(summary(await s.turn(call.query("When?", "time", "t", { author: "$who" })))).toBe("refused:UNENDORSED_VARIABLE");
  });
});

describe("endorse by byline: the one author of what was read", () => {
  /** A name nobody on these pages is: one written inside a message is still no author. */
  const WRITTEN = "Ada Okoye";
  const nameArb = fc.constantFrom(NAMED, REVEALED, UNKNOWN, WRITTEN);

  it("endorses a name exactly when it is the only author (the user aside) of the rows the reader was shown", async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(messageArb, { minLength: 1, maxLength: 5 }), regionArb, nameArb, async (messages, region, name) => {
        const { screen, rows } = threadScreen(messages);
        const s = new Session({
          task: "Invite whoever asked about the meetup in this thread.",
          screen,
          quarantined: answering(answer(name)),
        });
        const queried = await s.turn(call.query("Who asked about the meetup?", "person_name", "who", { region }));
        const outcome = summary(queried) === "ok" ? summary(await s.turn(call.endorse("who", "person_name", "byline"))) : summary(queried);
        const authors = new Set(
          rows
            .filter((row) => overlaps(row.box, region) && (row.truth === "named" || row.truth === "revealed" || row.truth === "unknown"))
            .map((row) => NAME_OF[row.truth as "named" | "revealed" | "unknown"]),
        );
        return outcome === (authors.size === 1 && authors.has(name) ? "endorsed:byline" : "refused:byline");
      }),
      { numRuns: 300, seed: 2829 },
    );
  });

  it("refuses a name written inside a message, and a value when two people wrote where it was read", async () => {
    const { screen } = threadScreen([
      { origin: "unknown", lines: 1, capacity: false },
      { origin: "named", lines: 1, capacity: false },
    ]);
    const read = async (name: string, region: number[]) => {
      const s = new Session({ task: "Invite whoever asked.", screen, quarantined: answering(answer(name)) });
      await s.turn(call.query("Who asked?", "person_name", "who", { region }));
      return resultText(await s.turn(call.endorse("who", "person_name", "byline")));
    };
    expect(await read(WRITTEN, [10, 40, 600, 60])).toBe("Not endorsed (refused): the value is not the author of what was read.");
    expect(await read(UNKNOWN, [10, 40, 600, 60])).toBe(`Endorsed $who (byline); its value is now shown in your variables.`);
    expect(await read(UNKNOWN, [])).toBe(
      "Not endorsed (refused): more than one person wrote where the value was read; read a smaller region or name the person.",
    );
  });

  it("is not offered for any other type", async () => {
    const s = new Session({ task: "t", screen: threadScreen([{ origin: "named", lines: 1, capacity: false }]).screen });
    s.store.define(variable("when", "time", "18:30", undefined, [{ kind: "author", name: NAMED }]));
    expect(summary(await s.turn(call.endorse("when", "time", "byline")))).toBe("refused:VERIFIER_NOT_ALLOWED");
  });
});

describe("a person the byline route chose is read by author, never trusted for shape", () => {
  it("refuses shape on the content of an author revealed through a byline-endorsed name, and allows it for a named one", async () => {
    const { screen } = threadScreen([{ origin: "unknown", lines: 2, capacity: true }]);
    const s = new Session({
      task: "Tell Dana the time whoever posted here gave.",
      screen,
      quarantined: answering(answer(UNKNOWN), answer("19:30")),
    });
    await s.turn(call.query("Who posted?", "person_name", "who"));
    expect(summary(await s.turn(call.endorse("who", "person_name", "byline")))).toBe("endorsed:byline");
    expect(summary(await s.turn(call.author("$who")))).toBe("endorsed:author");
    expect(summary(await s.turn(call.query("When?", "time", "when", { author: "$who" })))).toBe("ok");
    expect(s.store.get("when")!.provenance.sources).toEqual([{ kind: "author", name: UNKNOWN }]);
    expect(resultText(await s.turn(call.endorse("when", "time", "shape")))).toBe(
      "Not endorsed (refused): the value was read from content by an author your request does not name, so the type alone cannot vouch for it.",
    );
    // The same page, the author named by the request: shape may vouch.
    const named = new Session({ task: `Tell Dana the time ${UNKNOWN} gave.`, screen, quarantined: answering(answer("19:30")) });
    expect(summary(await named.turn(call.author(UNKNOWN)))).toBe("endorsed:author");
    await named.turn(call.query("When?", "time", "when", { author: UNKNOWN }));
    expect(summary(await named.turn(call.endorse("when", "time", "shape")))).toBe("endorsed:shape");
  });
});
