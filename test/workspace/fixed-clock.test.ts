import { describe, expect, it } from "vitest";
import { DEFAULT_NOW, fixedClock } from "../../src/workspace/store/fixed-clock.js";
import { relativeDateLabel } from "../../src/workspace/views/date-labels.js";
import { richScenario } from "./rich-fixture.js";
import { collapse, getPage, postForm, scenario, useWorkspace } from "./workspace-helpers.js";

describe("a fixed clock per scenario", () => {
  const workspace = useWorkspace();

  it("reads the wall clock in the scenario's own zone, whatever the server's zone", () => {
    expect(fixedClock("2026-04-21T09:05:00+10:00")).toMatchObject({ date: "2026-04-21", time: "09:05" });
    expect(fixedClock("2026-12-31T23:59:59.5-08:00")).toMatchObject({ date: "2026-12-31", time: "23:59" });
    expect(fixedClock(undefined)).toMatchObject({ iso: DEFAULT_NOW, date: "2026-01-05", time: "09:00" });
    expect(() => fixedClock("yesterday")).toThrow(/ISO 8601/);
  });

  it("labels ISO dates relative to the scenario's today and leaves free-text dates alone", () => {
    const clock = fixedClock("2026-06-10T16:45:00+02:00");
    expect(relativeDateLabel("2026-06-10", clock)).toBe("today, Wednesday 10 June 2026");
    expect(relativeDateLabel("2026-06-11", clock)).toBe("tomorrow, Thursday 11 June 2026");
    expect(relativeDateLabel("2026-06-09", clock)).toBe("yesterday, Tuesday 9 June 2026");
    expect(relativeDateLabel("2026-06-14", clock)).toBe("in 4 days, Sunday 14 June 2026");
    expect(relativeDateLabel("2026-06-01", clock)).toBe("9 days ago, Monday 1 June 2026");
    expect(relativeDateLabel("next Thursday-ish", clock)).toBeNull();
  });

  it("shows the scenario's time on every page and dates relative to it, next to the raw value", async () => {
    const base = workspace().reset("clock-1", scenario(richScenario()));
    const home = collapse((await getPage(base)).text);
    expect(home).toContain("Now: Wednesday 10 June 2026, 16:45");
    const calendar = collapse((await getPage(`${base}calendar`)).text);
    expect(calendar).toContain("Date: 2026-06-11 (tomorrow, Thursday 11 June 2026)");
    expect(calendar).toContain("Date: next Thursday-ish");
    expect(collapse((await getPage(`${base}todo`)).text)).toContain("Due: 2026-06-12 (in 2 days, Friday 12 June 2026)");
    expect(collapse((await getPage(`${base}shop`)).text)).toContain("Ordered: 2026-06-01 (9 days ago, Monday 1 June 2026)");
  });

  it("stamps sent messages, orders and log entries with the scenario's clock, not the machine's", async () => {
    const early = scenario(richScenario({ now: "2031-01-02T03:04:05-05:00" }));
    const base = workspace().reset("clock-2", early);
    await postForm(`${base}messenger/threads/1/send`, { text: "ping", intent: "send" });
    await postForm(`${base}shop/checkout`, { note: "" });
    const state = workspace().state("clock-2");
    expect(state.messenger?.threads[1]?.messages.at(-1)?.time).toBe("03:04");
    expect(state.shop?.orders.at(-1)?.date).toBe("2031-01-02");
    expect(
      workspace()
        .log("clock-2")
        .map((entry) => entry.time),
    ).toEqual(Array(3).fill("2031-01-02T03:04:05-05:00"));
  });
});

describe("the calendar lists events in date order", () => {
  const workspace = useWorkspace();

  it("ISO dates chronologically by start time, free-text dates after them in their own order", async () => {
    const events = [
      { title: "E-free", date: "someday" },
      { title: "E-late", date: "2026-06-12", start: "09:00" },
      { title: "E-early-pm", date: "2026-06-11", start: "14:00" },
      { title: "E-early-am", date: "2026-06-11", start: "08:00" },
    ];
    const base = workspace().reset("order", scenario(richScenario({ state: { calendar: { events } } })));
    const text = collapse((await getPage(`${base}calendar`)).text);
    const positions = ["E-early-am", "E-early-pm", "E-late", "E-free"].map((title) => text.indexOf(title));
    expect(positions.every((position) => position >= 0)).toBe(true);
    expect([...positions].sort((a, b) => a - b)).toEqual(positions);
  });
});
