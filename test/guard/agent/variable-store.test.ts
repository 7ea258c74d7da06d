import { describe, expect, it } from "vitest";
import { storeWith, variable } from "./support.js";

describe("the variable store", () => {
  it("substitutes exact $name tokens only, and reports the first unknown one", () => {
    const store = storeWith(variable("eta", "duration", "PT25M"), variable("eta_2", "count", "3"));
    expect(store.substitute("ETA $eta, then $eta_2 stops; $etaX is not one")).toEqual({ ok: false, unknown: "etaX" });
    expect(store.substitute("ETA $eta, then $eta_2 stops")).toEqual({ ok: true, text: "ETA PT25M, then 3 stops" });
    expect(store.substitute("price: US$5, a$eta")).toEqual({ ok: true, text: "price: US$5, a$eta" });
    expect(store.references("$a $b $a")).toEqual(["a", "b"]);
  });

  it("shows a value only once it is endorsed or trusted (points always: the location rule governs them)", () => {
    const store = storeWith(
      variable("eta", "duration", "PT25M"),
      variable("who", "person_name", "Kwame", { level: "endorsed", route: "expected" }),
      variable("at", "point", "10,20"),
    );
    expect(store.lines()).toEqual([
      "$eta | type=duration | integrity=untrusted | value=hidden",
      '$who | type=person_name | integrity=endorsed:expected | value="Kwame"',
      '$at | type=point | integrity=untrusted | value="10,20"',
    ]);
    store.endorse("$eta", "shape");
    expect(store.lines()[0]).toBe('$eta | type=duration | integrity=endorsed:shape | value="PT25M"');
  });

  it("a re-read value replaces the old one and starts untrusted again", () => {
    const store = storeWith(variable("eta", "duration", "PT25M", { level: "endorsed", route: "shape" }));
    store.define(variable("eta", "duration", "PT99M"));
    expect(store.unendorsed("$eta").map((one) => one.value)).toEqual(["PT99M"]);
    expect(store.integrityOf("literal text")).toEqual({ level: "trusted" });
    expect(store.integrityOf("x $eta")).toEqual({ level: "untrusted" });
  });
});
