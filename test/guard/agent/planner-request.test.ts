/**
 * What the planner is sent: the request, a window of the last ten elements with the count dropped,
 * the current screen always present, and the variable list at the end. Nothing else.
 */
import { describe, expect, it } from "vitest";
import { CAPABILITIES } from "../../../src/guard/agent/endorse/capabilities.js";
import { HISTORY_WINDOW, PlannerHistory } from "../../../src/guard/agent/planner/planner-history.js";
import { plannerSystemPrompt } from "../../../src/guard/agent/planner/planner-prompt.js";
import { plannerRequest } from "../../../src/guard/agent/planner/planner-request.js";
import { PlannerReplySchema, ToolCallSchema } from "../../../src/guard/agent/tools/tool-call.js";
import type { ModelContentPart } from "../../../src/models/index.js";

const png = (tag: string) => Buffer.from(`png-${tag}`);
const images = (parts: ModelContentPart[]) =>
  parts.filter((part) => part.type === "image").map((part) => Buffer.from((part as { image: string }).image, "base64").toString());

function request(history: PlannerHistory) {
  return plannerRequest({
    system: "SYSTEM",
    task: "Send Kwame the ETA.",
    history,
    variables: ["$eta | type=duration | integrity=untrusted | value=hidden"],
    turn: 4,
    maxTurns: 70,
  });
}

describe("the planner's request", () => {
  it("starts with the request and the first screen, alternates calls and results, and ends with the variables", () => {
    const history = new PlannerHistory();
    history.start(png("first"), "http://h/e/{episode}/");
    history.add({ call: '{"call":1}', result: "unique at (5, 6)" });
    history.add({ call: '{"call":2}', result: "Done.", shownUrl: "http://h/e/{episode}/messenger", screenshot: png("second") });
    const sent = request(history);
    expect(sent.system).toBe("SYSTEM");
    expect(sent.schema).toBe(PlannerReplySchema);
    expect(sent.messages.map((message) => message.role)).toEqual(["user", "assistant", "user", "assistant", "user"]);
    const first = sent.messages[0]!.content as ModelContentPart[];
    expect((first[0] as { text: string }).text).toContain("Send Kwame the ETA.");
    // The first screen is no longer carried once a later element brings a newer one.
    expect(images(first)).toEqual([]);
    const last = sent.messages[4]!.content as ModelContentPart[];
    expect(images(last)).toEqual(["png-second"]);
    expect(last.map((part) => (part.type === "text" ? part.text : "")).join("\n")).toMatch(
      /Page: http:\/\/h\/e\/\{episode\}\/messenger[\s\S]*Variables:\n\$eta \| type=duration/,
    );
  });

  it("keeps the last ten elements, says how many were dropped, and carries the current screen when its element slid out", () => {
    const history = new PlannerHistory();
    history.start(png("first"), "http://h/e/{episode}/");
    history.add({ call: "c0", result: "Done.", screenshot: png("after-c0"), shownUrl: "http://h/e/{episode}/maps" });
    for (let i = 1; i <= 14; i++) history.add({ call: `c${i}`, result: "found" });
    const sent = request(history);
    const calls = sent.messages.filter((message) => message.role === "assistant").map((message) => message.content);
    expect(calls).toHaveLength(HISTORY_WINDOW);
    expect(calls[0]).toBe("c5");
    const opening = sent.messages[0]!.content as ModelContentPart[];
    const text = opening.map((part) => (part.type === "text" ? part.text : "")).join("\n");
    expect(text).toContain("(5 earlier turns are no longer shown.)");
    expect(text).toContain("Page: http://h/e/{episode}/maps");
    expect(images(opening)).toEqual(["png-after-c0"]);
  });
});

describe("plannerSystemPrompt", () => {
  it("describes every tool with its fields, the capability vocabulary, and calls none unavailable", () => {
    const prompt = plannerSystemPrompt();
    for (const option of ToolCallSchema.options) {
      const fields = Object.keys(option.shape).filter((field) => field !== "tool");
      const line = prompt
        .split("\n")
        .find((text) => text.startsWith(`- ${option.shape.tool.value} `) || text.includes(`; ${option.shape.tool.value} {`));
      expect(line, option.shape.tool.value).toBeDefined();
      if (fields.length > 0) expect(line, option.shape.tool.value).toContain(`{${fields.join(", ")}}`);
    }
    for (const capability of CAPABILITIES) expect(prompt).toContain(capability);
    expect(prompt).not.toContain("not available");
  });
});
