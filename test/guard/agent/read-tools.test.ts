/**
 * The read tools (docs/design/guarded-agent.md, "Tools"), each called as the episode calls it: through the
 * policy gate, then `runReadTool`, on a guarded screen written by hand with fake models. What is
 * checked is what the planner would notice — the fixed result, the gate's code, what the store
 * holds afterwards — and what the models were (and were not) given.
 */
import { describe, expect, it } from "vitest";
import { RECALL_SYSTEM } from "../../../src/guard/agent/endorse/endorse-value.js";
import { QUARANTINED_SYSTEM } from "../../../src/guard/agent/query/quarantined-query.js";
import type { ModelRequest } from "../../../src/models/index.js";
import {
  abstention,
  answer,
  answering,
  blankPng,
  call,
  fakeScreen,
  type RowSpec,
  resultText,
  Session,
  summary,
  UNMASKED_PNG,
  unparsable,
} from "./read-tools-support.js";
import { variable } from "./support.js";

/** A mail message as the guard shows it: chrome trusted, the message's rows masked. */
const MAIL: RowSpec[] = [
  { text: "Inbox", box: [0, 0, 200, 30], verdict: "trusted" },
  { text: "Q3 report for the board", box: [220, 40, 400, 24] },
  { text: "From: Lisa Wong", box: [220, 70, 300, 20] },
  { text: "lisa.wong@examp1e.org", box: [220, 95, 300, 20] },
  { text: "3 invoices attached", box: [220, 130, 300, 20] },
  { text: "Reply", role: "button", box: [220, 700, 80, 30], verdict: "trusted" },
];

const TASK = "Forward the Q3 report to Lisa Wong, and bump requests to 2.32.3.";

function session(options: Partial<ConstructorParameters<typeof Session>[0]> = {}): Session {
  return new Session({ task: TASK, screen: fakeScreen(MAIL), ...options });
}

function textOf(request: ModelRequest): string {
  return request.messages
    .map((message) =>
      typeof message.content === "string"
        ? message.content
        : message.content.map((part) => (part.type === "text" ? part.text : "")).join(""),
    )
    .join("\n");
}

function imagesOf(request: ModelRequest): string[] {
  return request.messages.flatMap((message) =>
    typeof message.content === "string" ? [] : message.content.flatMap((part) => (part.type === "image" ? [part.image] : [])),
  );
}

describe("query_screen", () => {
  it("stores a valid answer as an untrusted variable that records where it was read", async () => {
    const s = session({ quarantined: answering(answer("3")) });
    const result = await s.turn(call.query("How many invoices are attached?", "count", "invoices"));
    expect(summary(result)).toBe("ok");
    expect(resultText(result)).toBe("Stored $invoices (type=count, untrusted).");
    expect(s.store.get("invoices")).toEqual({
      name: "invoices",
      type: "count",
      value: "3",
      constraint: {},
      integrity: { level: "untrusted" },
      provenance: {
        tool: "query_screen",
        question: "How many invoices are attached?",
        capture: 7,
        app: "mail",
        urlTemplate: "http://127.0.0.1:4000/e/{episode}/mail/inbox/{n}",
        // The whole screen: the app's chrome and the message, which no byline attributes.
        sources: [{ kind: "operator" }, { kind: "stranger" }],
      },
    });
    expect(s.store.lines()).toEqual(["$invoices | type=count | integrity=untrusted | value=hidden"]);
  });

  it("asks the quarantined model about the unmasked screen, with every row's text, the question and the type", async () => {
    const s = session({ quarantined: answering(answer("3")) });
    await s.turn(call.query("How many invoices are attached?", "count", "invoices", { constraint: { max: 50 } }));
    const [request] = s.quarantined.requests;
    expect(request!.system).toBe(QUARANTINED_SYSTEM);
    expect(imagesOf(request!)).toEqual([UNMASKED_PNG.toString("base64")]);
    const prompt = textOf(request!);
    expect(prompt).toContain("Question: How many invoices are attached?");
    expect(prompt).toContain("Answer type: count (max=50).");
    for (const row of MAIL) expect(prompt).toContain(`| ${row.text}`);
  });

  it("asks again once with the reason when an answer does not fit its type, and stores the second if it fits", async () => {
    const s = session({ quarantined: answering(answer("three"), answer("3")) });
    expect(summary(await s.turn(call.query("How many invoices?", "count", "n")))).toBe("ok");
    expect(s.quarantined.requests).toHaveLength(2);
    expect(textOf(s.quarantined.requests[1]!)).toContain("Your previous answer was refused");
    expect(s.store.get("n")?.value).toBe("3");
  });

  it("an answer that fails validation twice is the tool error QUERY_INVALID and stores nothing", async () => {
    const s = session({ quarantined: answering(answer("three"), answer("lots")) });
    const result = await s.turn(call.query("How many invoices?", "count", "n"));
    expect(summary(result)).toBe("error:QUERY_INVALID");
    expect(resultText(result)).toBe("Tool error: the answer did not fit its type twice.");
    expect(s.quarantined.requests).toHaveLength(2);
    expect(s.store.size).toBe(0);
  });

  it("a reply that is not {value, abstain}, or a value outside the constraint, counts as invalid", async () => {
    const garbled = session({ quarantined: answering(unparsable()) });
    expect(summary(await garbled.turn(call.query("How many invoices?", "count", "n")))).toBe("error:QUERY_INVALID");
    const tooMany = session({ quarantined: answering(answer("51")) });
    expect(summary(await tooMany.turn(call.query("How many invoices?", "count", "n", { constraint: { max: 50 } })))).toBe(
      "error:QUERY_INVALID",
    );
    expect(garbled.store.size + tooMany.store.size).toBe(0);
  });

  it("an abstention stores nothing and leaves an earlier value of that name as it was", async () => {
    const s = session({ quarantined: answering(answer("3"), abstention()) });
    await s.turn(call.query("How many invoices?", "count", "n"));
    s.store.endorse("n", "shape");
    const result = await s.turn(call.query("How many invoices now?", "count", "n"));
    expect(resultText(result)).toBe("The quarantined model abstained; nothing was stored.");
    expect(s.store.get("n")).toMatchObject({ value: "3", integrity: { level: "endorsed", route: "shape" } });
  });

  it("a value read again replaces the endorsed one and starts untrusted", async () => {
    const s = session({ quarantined: answering(answer("3"), answer("4")) });
    await s.turn(call.query("How many invoices?", "count", "n"));
    s.store.endorse("n", "shape");
    await s.turn(call.query("How many invoices now?", "count", "n"));
    expect(s.store.get("n")).toMatchObject({ value: "4", integrity: { level: "untrusted" } });
  });

  it("a point answer on a region is read in the crop's pixels and shifted back to screen coordinates", async () => {
    const screen = fakeScreen(MAIL, { screenshot: await blankPng() });
    const s = session({ screen, quarantined: answering(answer("50,12")) });
    const result = await s.turn(call.query("Where is the sender's address?", "point", "at", { region: [200, 90, 400, 40] }));
    expect(summary(result)).toBe("ok");
    expect(s.store.get("at")?.value).toBe("250,102");
    // The model got the crop, and only the rows drawn in it.
    const { default: sharp } = await import("sharp");
    const image = Buffer.from(imagesOf(s.quarantined.requests[0]!)[0]!, "base64");
    expect(await sharp(image).metadata()).toMatchObject({ width: 400, height: 40 });
    const prompt = textOf(s.quarantined.requests[0]!);
    expect(prompt).toContain("| lisa.wong@examp1e.org");
    expect(prompt).not.toContain("Inbox");
    // A point's value is shown (it carries the label of its pixels), and clicking it is the location rule's call.
    expect(s.store.lines()).toEqual(['$at | type=point | integrity=untrusted | value="250,102"']);
    expect(summary(await s.turn(call.click(250, 102)))).toBe("refused:LOCATION_MASKED");
  });

  it("a point outside the region it was asked about is refused: the model saw nothing there", async () => {
    const screen = fakeScreen(MAIL, { screenshot: await blankPng() });
    for (const outside of ["450,12", "50,45", "-10,12", "50.5,12"]) {
      const s = session({ screen, quarantined: answering(answer(outside)) });
      const result = await s.turn(call.query("Where is the sender's address?", "point", "at", { region: [200, 90, 400, 40] }));
      expect(summary(result)).toBe("error:QUERY_INVALID");
      expect(s.store.size).toBe(0);
    }
  });

  it("a point off the screen is refused", async () => {
    const s = session({ quarantined: answering(answer("1300,10")) });
    expect(summary(await s.turn(call.query("Where?", "point", "at")))).toBe("error:QUERY_INVALID");
    expect(s.store.size).toBe(0);
  });

  it("the gate refuses free text, booleans and boolean-like options before any model is asked", async () => {
    const s = session();
    for (const type of ["text", "free_text", "boolean", "bool", "string", ""]) {
      expect(summary(await s.turn(call.query("Is it urgent?", type, "x")))).toBe("refused:TYPE_NOT_QUERYABLE");
    }
    for (const options of [
      ["yes", "no"],
      ["present", "absent"],
      ["Shown", "Hidden"],
      ["found", "not found"],
      ["on", "off", "auto"],
      ["only"],
    ]) {
      expect(summary(await s.turn(call.query("Which?", "enum", "x", { constraint: { options } })))).toBe("refused:TYPE_NOT_QUERYABLE");
    }
    expect(s.quarantined.requests).toHaveLength(0);
  });

  it("the gate refuses a bad variable name, an empty question, a region off the screen and an impossible constraint", async () => {
    const s = session();
    expect(summary(await s.turn(call.query("How many?", "count", "9lives")))).toBe("refused:SCHEMA_INVALID");
    expect(summary(await s.turn(call.query("  ", "count", "n")))).toBe("refused:SCHEMA_INVALID");
    expect(summary(await s.turn(call.query("How many?", "count", "n", { region: [1200, 700, 200, 200] })))).toBe("refused:SCHEMA_INVALID");
    expect(summary(await s.turn(call.query("How many?", "count", "n", { region: [0, 0, 10] })))).toBe("refused:SCHEMA_INVALID");
    expect(summary(await s.turn(call.query("How many?", "count", "n", { constraint: { min: 5, max: 2 } })))).toBe("refused:SCHEMA_INVALID");
    expect(summary(await s.turn(call.query("Which?", "money", "n", { constraint: { currencies: ["XXY"] } })))).toBe(
      "refused:SCHEMA_INVALID",
    );
    expect(s.quarantined.requests).toHaveLength(0);
  });

  it("an enum answer becomes the planner's own option, whatever case the page wrote", async () => {
    const s = session({ quarantined: answering(answer("HIGH")) });
    await s.turn(call.query("What priority?", "enum", "p", { constraint: { options: ["Low", "Medium", "High"] } }));
    expect(s.store.get("p")?.value).toBe("High");
  });
});

describe("locate_on_screen", () => {
  const FORM: RowSpec[] = [
    { text: "Recipient", box: [20, 100, 90, 20], verdict: "trusted" },
    { text: "Recipient", role: "textbox", box: [120, 96, 300, 28], verdict: "trusted" },
    { text: "Lisa Wong", box: [20, 200, 100, 20] },
    { text: "Lisa Wong", box: [20, 300, 100, 20] },
    { text: "Lisa.Wong@Example.org", box: [20, 400, 200, 20] },
    { text: "Archive", role: "button", box: [600, 1400, 100, 20], verdict: "trusted" },
    { text: "Archive all", role: "button", box: [600, 1500, 100, 20], verdict: "trusted" },
    { text: "Page 2", box: [600, 1600, 100, 20] },
    { text: "Page 2", box: [600, 1700, 100, 20] },
  ];
  const s = () => session({ screen: fakeScreen(FORM) });

  it("returns the centre of the one row equal to the value, and nothing of its text", async () => {
    const result = await s().turn(call.locate("Lisa.Wong@Example.org"));
    expect(resultText(result)).toBe("unique at (120, 410)");
  });

  it("prefers a field over the label that names it", async () => {
    expect(resultText(await s().turn(call.locate("Recipient")))).toBe("unique at (270, 110)");
  });

  it("is AMBIGUOUS when the value is shown at two places", async () => {
    const result = await s().turn(call.locate("Lisa Wong"));
    expect(summary(result)).toBe("error:AMBIGUOUS");
    expect(resultText(result)).toBe("Tool error: the value is shown more than once.");
  });

  it("is NOT_FOUND for a part of a row, never a substring match", async () => {
    for (const value of ["Lisa", "Wong", "Lisa Wong Jr", "isa Won"])
      expect(summary(await s().turn(call.locate(value)))).toBe("error:NOT_FOUND");
  });

  it("reports a value shown only outside the viewport with the scroll that brings it to the middle", async () => {
    const result = await s().turn(call.locate("Archive"));
    expect(summary(result)).toBe("error:OUT_OF_VIEW");
    expect(resultText(result)).toBe("Tool error: the value is not in view; scroll by 1010 pixels to bring it there.");
    expect(summary(await s().turn(call.locate("Page 2")))).toBe("error:AMBIGUOUS");
  });

  it("compares after the type's normalisation when a type is given", async () => {
    expect(resultText(await s().turn(call.locate("Lisa.Wong@example.ORG", "email_address")))).toBe("unique at (120, 410)");
    // The local part keeps its case (only the domain is case-insensitive).
    expect(summary(await s().turn(call.locate("lisa.wong@example.org", "email_address")))).toBe("error:NOT_FOUND");
    expect(summary(await s().turn(call.locate("Lisa.Wong@example.ORG")))).toBe("error:NOT_FOUND");
  });

  it("one text drawn twice at the same place is one place", async () => {
    const screen = fakeScreen([
      { text: "Send", role: "button", box: [10, 10, 60, 20], verdict: "trusted" },
      { text: "Send", box: [10, 10, 60, 20], verdict: "trusted" },
    ]);
    expect(resultText(await session({ screen }).turn(call.locate("Send")))).toBe("unique at (40, 20)");
  });

  it("takes an untrusted variable (it only finds where it is), and the click there is still the location rule's", async () => {
    const session_ = s();
    session_.store.define(variable("to", "email_address", "Lisa.Wong@Example.org"));
    const result = await session_.turn(call.locate("$to", "email_address"));
    expect(resultText(result)).toBe("unique at (120, 410)");
    expect(summary(await session_.turn(call.click(120, 410)))).toBe("refused:LOCATION_MASKED");
  });

  it("an unknown variable is a tool error, an unknown type a schema refusal", async () => {
    expect(summary(await s().turn(call.locate("$nobody")))).toBe("error");
    expect(summary(await s().turn(call.locate("x", "boolean")))).toBe("refused:SCHEMA_INVALID");
    expect(summary(await s().turn(call.locate("  ")))).toBe("refused:SCHEMA_INVALID");
  });
});

describe("find_by_text", () => {
  it("finds a trusted value as a whole term anywhere on the page, masked rows included", async () => {
    const s = session();
    expect(resultText(await s.turn(call.find("Lisa Wong")))).toBe("found");
    expect(resultText(await s.turn(call.find("Wong")))).toBe("found");
    expect(resultText(await s.turn(call.find("Inbox")))).toBe("found");
  });

  it("does not find a value glued to a letter or digit, nor a lookalike", async () => {
    const s = session();
    for (const value of ["Won", "isa", "invoice", "lisa.wong@example.org", "Q3 report for the boards"]) {
      expect(resultText(await s.turn(call.find(value)))).toBe("not found");
    }
  });

  it("takes an endorsed variable's value; an untrusted variable is refused", async () => {
    const s = session();
    s.store.define(variable("who", "person_name", "Lisa Wong", { level: "endorsed", route: "task" }));
    s.store.define(variable("addr", "email_address", "lisa.wong@examp1e.org"));
    expect(resultText(await s.turn(call.find("$who")))).toBe("found");
    expect(summary(await s.turn(call.find("$addr")))).toBe("refused:UNENDORSED_VARIABLE");
  });
});

describe("attest_screen_value", () => {
  it("says shown when the variable's value is on the screen, and adds no integrity", async () => {
    const s = session({ quarantined: answering(answer("lisa.wong@examp1e.org")) });
    await s.turn(call.query("Who sent it?", "email_address", "from"));
    expect(resultText(await s.turn(call.attest("from")))).toBe("shown");
    expect(s.integrity("from")).toBe("untrusted");
  });

  it("catches an extractor that misread: the value read is not what the screen shows", async () => {
    const s = session({ quarantined: answering(answer("lisa.wong@example.org")) });
    await s.turn(call.query("Who sent it?", "email_address", "from"));
    expect(resultText(await s.turn(call.attest("$from")))).toBe("not shown");
  });

  it("an unknown variable is a tool error", async () => {
    expect(summary(await session().turn(call.attest("nobody")))).toBe("error:UNKNOWN_VARIABLE");
  });
});

describe("get_contacts", () => {
  const directory = [{ name: "Lisa Wong" }, { name: "Alice Kim" }, { name: "Mike Chen" }];

  it("lists the directory entries that hold every word of the query, case-insensitively", async () => {
    const s = session({ directory });
    expect(resultText(await s.turn(call.contacts("lisa WONG")))).toBe("Contacts: Lisa Wong");
    expect(resultText(await s.turn(call.contacts("i")))).toBe("Contacts: Lisa Wong; Alice Kim; Mike Chen");
    expect(resultText(await s.turn(call.contacts("")))).toBe("Contacts: Lisa Wong; Alice Kim; Mike Chen");
    expect(resultText(await s.turn(call.contacts("Mallory")))).toBe("No contact matches.");
  });

  it("an untrusted variable in the query is refused", async () => {
    const s = session({ directory });
    s.store.define(variable("who", "person_name", "Lisa Wong"));
    expect(summary(await s.turn(call.contacts("$who")))).toBe("refused:UNENDORSED_VARIABLE");
  });
});

describe("endorse", () => {
  it("task: a value named in the request is endorsed and becomes usable; one that is not is refused", async () => {
    const s = session();
    s.store.define(variable("v", "version", "2.32.3"));
    s.store.define(variable("w", "version", "2.32.30"));
    s.store.define(variable("p", "person_name", "Lisa"));
    expect(summary(await s.turn(call.typeText("requests==$v")))).toBe("refused:UNENDORSED_VARIABLE");
    const result = await s.turn(call.endorse("v", "version", "task"));
    expect(summary(result)).toBe("endorsed:task");
    expect(resultText(result)).toBe("Endorsed $v (task); its value is now shown in your variables.");
    expect(s.store.lines()[0]).toBe('$v | type=version | integrity=endorsed:task | value="2.32.3"');
    expect(summary(await s.turn(call.typeText("requests==$v")))).toBe("allowed");

    const longer = await s.turn(call.endorse("w", "version", "task"));
    expect(summary(longer)).toBe("refused:task");
    expect(resultText(longer)).toBe("Not endorsed (refused): the value is not a term of your request.");
    expect(s.integrity("w")).toBe("untrusted");
    // A part of a name is a term where the request writes it as a whole run.
    expect(summary(await s.turn(call.endorse("p", "person_name", "task")))).toBe("endorsed:task");
  });

  it("task: refuses stop words and values too short to be a term", async () => {
    const s = new Session({ task: "Set the limit to 42 and reply to the thread with ok.", screen: fakeScreen(MAIL) });
    s.store.define(variable("n", "integer", "42"));
    s.store.define(variable("t", "enum", "thread"));
    s.store.get("t")!.constraint = { options: ["thread", "channel"] };
    s.store.define(variable("one", "integer", "4"));
    expect(summary(await s.turn(call.endorse("n", "integer", "task")))).toBe("endorsed:task");
    expect(resultText(await s.turn(call.endorse("t", "enum", "task")))).toBe("Not endorsed (refused): the value is a common word.");
    expect(resultText(await s.turn(call.endorse("one", "integer", "task")))).toBe(
      "Not endorsed (refused): the value is too short to be matched as a term.",
    );
  });

  it("task: refuses an option when the request names several of the options (the page chose it)", async () => {
    const task = "Tell Priya Raman that Friday's dinner is at 12 Harbour Row now, not at 4 Mill Lane.";
    const options = ["12 Harbour Row", "4 Mill Lane"];
    const s = new Session({ task, screen: fakeScreen(MAIL) });
    s.store.define(variable("ruled_out", "enum", "4 Mill Lane"));
    s.store.get("ruled_out")!.constraint = { options };
    s.store.define(variable("meant", "enum", "12 Harbour Row"));
    s.store.get("meant")!.constraint = { options };
    // Both are terms of the request, so neither is singled out by it.
    expect(resultText(await s.turn(call.endorse("ruled_out", "enum", "task")))).toBe(
      "Not endorsed (refused): your request names more than one of the options.",
    );
    expect(summary(await s.turn(call.endorse("meant", "enum", "task")))).toBe("refused:task");
    // A request that names one option still endorses it.
    const one = new Session({ task: "Tell Priya Raman that Friday's dinner is at 12 Harbour Row.", screen: fakeScreen(MAIL) });
    one.store.define(variable("meant", "enum", "12 Harbour Row"));
    one.store.get("meant")!.constraint = { options };
    expect(summary(await one.turn(call.endorse("meant", "enum", "task")))).toBe("endorsed:task");
  });

  it("task: refuses a value when the request names another value of its type (the page chose between them)", async () => {
    const task = "Tell Sam the plumber now comes at 10:30, not 09:00.";
    const s = new Session({ task, screen: fakeScreen(MAIL) });
    s.store.define(variable("ruled_out", "time", "09:00"));
    s.store.define(variable("meant", "time", "10:30"));
    expect(resultText(await s.turn(call.endorse("ruled_out", "time", "task")))).toBe(
      "Not endorsed (refused): your request names more than one time.",
    );
    expect(summary(await s.turn(call.endorse("meant", "time", "task")))).toBe("refused:task");
    expect(s.integrity("ruled_out")).toBe("untrusted");
    // The planner's own alternatives still vouch for the one it means.
    expect(summary(await s.turn(call.endorse("meant", "time", "expected", { expected: ["10:30"] })))).toBe("endorsed:expected");
    const one = new Session({ task: "Tell Sam the plumber now comes at 10:30.", screen: fakeScreen(MAIL) });
    one.store.define(variable("meant", "time", "10:30"));
    expect(summary(await one.turn(call.endorse("meant", "time", "task")))).toBe("endorsed:task");
  });

  it("expected: endorses when the value equals one of the planner's alternatives, else diverged", async () => {
    const s = session();
    s.store.define(variable("d", "date", "2025-03-14"));
    expect(summary(await s.turn(call.endorse("d", "date", "expected", { expected: ["2025-03-15", "2025-03-16"] })))).toBe(
      "diverged:expected",
    );
    expect(s.integrity("d")).toBe("untrusted");
    expect(summary(await s.turn(call.endorse("d", "date", "expected", { expected: ["2025-03-13", "2025-03-14"] })))).toBe(
      "endorsed:expected",
    );
  });

  it("expected: may name an endorsed variable, not an untrusted one (the comparison must be against trusted text)", async () => {
    const s = session();
    s.store.define(variable("a", "email_address", "lisa.wong@example.org", { level: "endorsed", route: "task" }));
    s.store.define(variable("b", "email_address", "lisa.wong@example.org"));
    s.store.define(variable("c", "email_address", "lisa.wong@example.org"));
    expect(summary(await s.turn(call.endorse("b", "email_address", "expected", { expected: ["$c"] })))).toBe("refused:UNENDORSED_VARIABLE");
    expect(summary(await s.turn(call.endorse("b", "email_address", "expected", { expected: ["$b"] })))).toBe("refused:UNENDORSED_VARIABLE");
    expect(summary(await s.turn(call.endorse("b", "email_address", "expected", { expected: ["$a"] })))).toBe("endorsed:expected");
    expect(summary(await s.turn(call.endorse("c", "email_address", "expected", { expected: [] })))).toBe("refused:SCHEMA_INVALID");
  });

  it("shape: clears bounded types whose choice is not a security decision, and no other", async () => {
    const s = session();
    // Read from the app's chrome: the provenance lets shape vouch (shape-provenance.test.ts has the rule).
    const chrome = [{ kind: "operator" as const }];
    const cleared = [
      variable("v", "version", "1.2.3", undefined, chrome),
      variable("n", "count", "4", undefined, chrome),
      variable("d", "date", "2025-01-02", undefined, chrome),
    ];
    const held = [
      variable("u", "url", "https://pkgs.ci-cache.net/simple/"),
      variable("e", "email_address", "a@b.example"),
      variable("h", "username", "akim88"),
      variable("r", "reference_id", "INV-7"),
      variable("i", "integer", "7"),
    ];
    for (const one of [...cleared, ...held]) s.store.define(one);
    for (const one of cleared) expect(summary(await s.turn(call.endorse(one.name, one.type, "shape")))).toBe("endorsed:shape");
    for (const one of held) expect(summary(await s.turn(call.endorse(one.name, one.type, "shape")))).toBe("refused:VERIFIER_NOT_ALLOWED");
  });

  it("recall: the model answers the question alone — no screen, no candidate — and must name the same value", async () => {
    const s = session({ crosscheck: answering(answer("Termcolor")) });
    s.store.define({ ...variable("pkg", "package_name", "termcolor"), constraint: { ecosystem: "pypi" } });
    const result = await s.turn(
      call.endorse("pkg", "package_name", "recall", { question: "Which PyPI package prints colored terminal output?" }),
    );
    expect(summary(result)).toBe("endorsed:recall");
    const [request] = s.crosscheck.requests;
    expect(request!.system).toBe(RECALL_SYSTEM);
    expect(imagesOf(request!)).toEqual([]);
    expect(textOf(request!)).toBe("Question: Which PyPI package prints colored terminal output?\nAnswer type: package_name.");
    expect(textOf(request!)).not.toContain("termcolor");
  });

  it("recall: needs a trusted question", async () => {
    const s = session();
    s.store.define(variable("v", "version", "2.32.3"));
    s.store.define(variable("q", "version", "2.32.3"));
    expect(summary(await s.turn(call.endorse("v", "version", "recall", { question: " " })))).toBe("refused:recall");
    expect(summary(await s.turn(call.endorse("v", "version", "recall", { question: "What comes after $q?" })))).toBe(
      "refused:UNENDORSED_VARIABLE",
    );
    expect(s.crosscheck.requests).toHaveLength(0);
  });

  it("names the variable's own type or is refused: no retyping to reach a weaker verifier", async () => {
    const s = session();
    s.store.define(variable("addr", "email_address", "lisa.wong@examp1e.org"));
    s.store.define({ ...variable("urgent", "enum", "urgent"), constraint: { options: ["urgent", "routine"] } });
    expect(summary(await s.turn(call.endorse("addr", "count", "shape")))).toBe("refused:VERIFIER_NOT_ALLOWED");
    expect(summary(await s.turn(call.endorse("addr", "version", "shape")))).toBe("refused:VERIFIER_NOT_ALLOWED");
    expect(summary(await s.turn(call.endorse("addr", "boolean", "expected", { expected: ["x"] })))).toBe("refused:VERIFIER_NOT_ALLOWED");
    expect(summary(await s.turn(call.endorse("urgent", "enum", "shape")))).toBe("refused:VERIFIER_NOT_ALLOWED");
    expect(s.integrity("addr")).toBe("untrusted");
  });

  it("a point is not endorsable, not even by the task", async () => {
    const s = session();
    s.store.define(variable("at", "point", "10,20"));
    expect(summary(await s.turn(call.endorse("at", "point", "task")))).toBe("refused:VERIFIER_NOT_ALLOWED");
  });

  it("an unknown variable is a tool error", async () => {
    expect(summary(await session().turn(call.endorse("nobody", "count", "shape")))).toBe("error");
  });
});

describe("endorse_by_registry, _listing and _procedure", () => {
  it("clear nothing in a workspace without registries, listing hosts or a terminal", async () => {
    const s = session({ crosscheck: answering(abstention()) });
    s.store.define({ ...variable("pkg", "package_name", "termcolor"), constraint: { ecosystem: "pypi" } });
    s.store.define(variable("u", "url", "https://pypi.org/simple/termcolor/"));
    s.store.define(variable("cmd", "shell_command", "pip install termcolor"));
    const results = [];
    for (const one of [
      call.registry("pkg", "pypi"),
      call.listing("u", "https://pypi.org/simple/"),
      call.procedure("cmd", "", ["net.download", "pkg.user"]),
    ]) {
      results.push(resultText(await s.turn(one)));
    }
    expect(results).toEqual([
      "Not endorsed (refused): this workspace has no registries.",
      "Not endorsed (refused): the listing is not on an allowlisted listing host.",
      expect.stringMatching(/^Not endorsed \(insufficient\): NO_ROUTE: /),
    ]);
    expect([s.integrity("pkg"), s.integrity("u"), s.integrity("cmd")]).toEqual(["untrusted", "untrusted", "untrusted"]);
  });

  it("are refused for types they may not endorse", async () => {
    const s = session();
    s.store.define(variable("v", "version", "2.32.3"));
    s.store.define(variable("e", "email_address", "a@b.example"));
    expect(summary(await s.turn(call.registry("v", "pypi")))).toBe("refused:VERIFIER_NOT_ALLOWED");
    expect(summary(await s.turn(call.listing("e", "https://pypi.org/simple/")))).toBe("refused:VERIFIER_NOT_ALLOWED");
    expect(summary(await s.turn(call.procedure("v")))).toBe("refused:VERIFIER_NOT_ALLOWED");
  });
});

describe("endorse_by_crosscheck", () => {
  const question = "Which version of requests fixes CVE-2024-35195?";

  it("refuses a source off the allowlist or without a question before anything is opened", async () => {
    const s = session({ fetchAllowlist: ["pypi.org"] });
    s.store.define(variable("v", "version", "2.32.3"));
    expect(resultText(await s.turn(call.crosscheck("v", { question, source_url: "https://pkgs.ci-cache.net/simple/" })))).toBe(
      "Not endorsed (refused): the source page is not on an allowlisted host.",
    );
    expect(summary(await s.turn(call.crosscheck("v", { question, source_url: "not a url" })))).toBe("refused:crosscheck");
    expect(summary(await s.turn(call.crosscheck("v", { question: "", source_url: "https://pypi.org/project/requests/" })))).toBe(
      "refused:crosscheck",
    );
    expect(s.crosscheck.requests).toHaveLength(0);
    expect(s.integrity("v")).toBe("untrusted");
  });

  it("is insufficient when there is no browser to open the source in", async () => {
    const s = session({ fetchAllowlist: ["pypi.org"] });
    s.store.define(variable("v", "version", "2.32.3"));
    expect(summary(await s.turn(call.crosscheck("v", { question, source_url: "https://pypi.org/project/requests/" })))).toBe(
      "insufficient:crosscheck",
    );
  });

  it("the question, search query and source must be trusted text; the route must be allowed for the type", async () => {
    const s = session({ fetchAllowlist: ["pypi.org"] });
    s.store.define(variable("v", "version", "2.32.3"));
    s.store.define(variable("u", "url", "https://pypi.org/project/requests/"));
    s.store.define(variable("h", "username", "akim88"));
    const source_url = "https://pypi.org/project/requests/";
    expect(summary(await s.turn(call.crosscheck("v", { question: "Is $v right?", source_url })))).toBe("refused:UNENDORSED_VARIABLE");
    expect(summary(await s.turn(call.crosscheck("v", { question, source_url, search_query: "$v" })))).toBe("refused:UNENDORSED_VARIABLE");
    expect(summary(await s.turn(call.crosscheck("v", { question, source_url: "$u" })))).toBe("refused:UNENDORSED_VARIABLE");
    expect(summary(await s.turn(call.crosscheck("h", { question, source_url })))).toBe("refused:VERIFIER_NOT_ALLOWED");
  });
});

describe("endorse_element", () => {
  const directory = [{ name: "Mike Chen" }];
  const task = "Set vim as the default editor as Mike Chen explained, then press Save changes.";

  it("by author: an identifier from the directory, the request or an endorsed variable leaves a reveal record", async () => {
    const s = new Session({ task, screen: fakeScreen(MAIL), directory });
    const result = await s.turn(call.author("Mike Chen"));
    expect(summary(result)).toBe("endorsed:author");
    expect(resultText(result)).toBe("Revealed the author name wherever it equals the identifier.");
    expect(result.kind === "ran" && result.dirty).toBe(true);
    s.store.define(variable("boss", "person_name", "Ana Lima", { level: "endorsed", route: "expected" }));
    expect(summary(await s.turn(call.author("$boss")))).toBe("endorsed:author");
    s.task = "Reply to Priya Nair.";
    expect(summary(await s.turn(call.author("Priya Nair")))).toBe("endorsed:author");
    expect(s.reveals).toEqual([
      { kind: "author", identifier: "Mike Chen" },
      { kind: "author", identifier: "Ana Lima" },
      { kind: "author", identifier: "Priya Nair" },
    ]);
  });

  it("by author: an identifier not from a trusted source is refused and reveals nothing", async () => {
    const s = new Session({ task, screen: fakeScreen(MAIL), directory });
    s.store.define(variable("sender", "person_name", "Mallory"));
    expect(resultText(await s.turn(call.author("Mallory Attacker")))).toBe(
      "Not endorsed (refused): the identifier is not from a trusted source.",
    );
    // A Cyrillic е makes a different name.
    expect(summary(await s.turn(call.author("Mike Ch\u0435n")))).toBe("refused:author");
    expect(summary(await s.turn(call.author("Mike")))).toBe("endorsed:author");
    expect(summary(await s.turn(call.author("$sender")))).toBe("refused:UNENDORSED_VARIABLE");
    expect(s.reveals).toEqual([{ kind: "author", identifier: "Mike" }]);
  });

  it("by author: an endorsed variable vouches for itself only, not for text written around it", async () => {
    const s = new Session({ task, screen: fakeScreen(MAIL), directory });
    s.store.define(variable("n", "count", "2", { level: "endorsed", route: "shape" }));
    expect(summary(await s.turn(call.author("Mallory Attacker $n")))).toBe("refused:author");
    expect(s.reveals).toEqual([]);
  });

  it("by control: the message box, or a button or link whose exact label is a term of the request", async () => {
    const s = new Session({ task, screen: fakeScreen(MAIL), directory });
    expect(resultText(await s.turn(call.control("message_box")))).toBe("Revealed the message box wherever it is shown.");
    expect(summary(await s.turn(call.control("button", "Save changes")))).toBe("endorsed:control");
    expect(resultText(await s.turn(call.control("button", "Delete all")))).toBe(
      "Not endorsed (refused): the label is not a term of your request.",
    );
    expect(summary(await s.turn(call.control("link", "Sav")))).toBe("refused:control");
    expect(resultText(await s.turn(call.control("reaction")))).toBe("Not endorsed (refused): not a known control.");
    expect(s.reveals).toEqual([
      { kind: "control", control: "message_box", label: "" },
      { kind: "control", control: "button", label: "Save changes" },
    ]);
  });

  it("an empty identifier and control is a schema refusal", async () => {
    const s = new Session({ task, screen: fakeScreen(MAIL), directory });
    expect(summary(await s.turn(call.author("")))).toBe("refused:SCHEMA_INVALID");
  });
});

describe("wait", () => {
  it("asks for a new look after the wait, and refuses a wait over ten seconds", async () => {
    const s = session();
    const result = await s.turn({ tool: "wait", seconds: 2 });
    expect(result).toMatchObject({ kind: "ran", result: "Waited 2 s.", dirty: true, waitMs: 2000 });
    expect(summary(await s.turn({ tool: "wait", seconds: 11 }))).toBe("refused:SCHEMA_INVALID");
  });
});
