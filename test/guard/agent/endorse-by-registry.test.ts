/**
 * `endorse_by_registry` through the gate and the read tool: curated registries endorse a listed
 * name, open ones never do, and an unknown registry or another ecosystem is refused.
 */
import { describe, expect, it } from "vitest";
import { fakeSources } from "./fake-endorsement-sources.js";
import { call, fakeScreen, resultText, Session, summary } from "./read-tools-support.js";
import { variable } from "./support.js";

function session(withSources = true): Session {
  return new Session({
    task: "Install tmux and the alpine image.",
    screen: fakeScreen([]),
    ...(withSources && { endorsementSources: fakeSources() }),
  });
}

function pkg(s: Session, name: string, value: string, ecosystem: "pypi" | "npm" | "debian" | "docker"): void {
  s.store.define({ ...variable(name, "package_name", value), constraint: { ecosystem } });
}

describe("endorse_by_registry", () => {
  it("endorses a name a curated archive lists, by the ecosystem's exact name", async () => {
    const s = session();
    pkg(s, "p", "tmux", "debian");
    expect(summary(await s.turn(call.registry("p", "debian")))).toBe("endorsed:registry");
    expect(s.integrity("p")).toBe("endorsed:registry");
  });

  it("endorses an official image whether written bare or as library/…, and refuses another namespace", async () => {
    const s = session();
    pkg(s, "a", "alpine", "docker");
    pkg(s, "b", "library/nginx", "docker");
    pkg(s, "c", "someone/alpine", "docker");
    expect(summary(await s.turn(call.registry("a", "docker-official")))).toBe("endorsed:registry");
    expect(summary(await s.turn(call.registry("b", "docker-official")))).toBe("endorsed:registry");
    const other = await s.turn(call.registry("c", "docker-official"));
    expect(resultText(other)).toBe("Not endorsed (refused): the registry does not list this name.");
    expect(s.integrity("c")).toBe("untrusted");
  });

  it("refuses a curated registry's near miss: never containment or prefix", async () => {
    const s = session();
    pkg(s, "p", "tmux2", "debian");
    pkg(s, "q", "tmu", "debian");
    expect(summary(await s.turn(call.registry("p", "debian")))).toBe("refused:registry");
    expect(summary(await s.turn(call.registry("q", "debian")))).toBe("refused:registry");
  });

  it("answers insufficient on an open index, listed or not, and clears nothing", async () => {
    const s = session();
    pkg(s, "listed", "termcolor", "pypi");
    pkg(s, "squat", "termcolour", "pypi");
    pkg(s, "js", "chalk", "npm");
    for (const [name, registry] of [
      ["listed", "pypi"],
      ["squat", "pypi"],
      ["js", "npm"],
    ] as const) {
      const result = await s.turn(call.registry(name, registry));
      expect(summary(result)).toBe("insufficient:registry");
      expect(s.integrity(name)).toBe("untrusted");
    }
  });

  it("refuses an unknown registry by naming the known ones, and a workspace without registries plainly", async () => {
    const s = session();
    pkg(s, "p", "tmux", "debian");
    expect(resultText(await s.turn(call.registry("p", "ubuntu")))).toBe(
      "Not endorsed (refused): unknown registry (known: debian, docker-official, npm, pypi).",
    );
    const bare = session(false);
    pkg(bare, "p", "tmux", "debian");
    expect(resultText(await bare.turn(call.registry("p", "debian")))).toBe("Not endorsed (refused): this workspace has no registries.");
  });

  it("refuses a package of another ecosystem than the registry's (a PyPI name is not a Debian package)", async () => {
    const s = session();
    pkg(s, "p", "requests", "pypi");
    expect(resultText(await s.turn(call.registry("p", "debian")))).toBe(
      "Not endorsed (refused): the variable is not a debian package name.",
    );
  });

  it("is refused by the gate for any type but package_name", async () => {
    const s = session();
    s.store.define(variable("u", "url", "https://git.example/tmux/tmux"));
    expect(summary(await s.turn(call.registry("u", "debian")))).toBe("refused:VERIFIER_NOT_ALLOWED");
  });
});
