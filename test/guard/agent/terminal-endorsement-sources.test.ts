/**
 * The endorsement sources the workspace terminal supplies to guarded e2e episodes: vsh's package
 * indexes as registries by curation, its fixed pages as listings, its file system (seeded, or the
 * episode's live shell).
 */
import { describe, expect, it } from "vitest";
import { terminalEndorsementSources } from "../../../src/guard/agent/endorse/terminal-endorsement-sources.js";
import { terminalSourcesOf } from "../../../src/runner/terminal-sources-of.js";
import { TerminalAppSchema } from "../../../src/scenario/index.js";
import { call, fakeScreen, Session, summary } from "./read-tools-support.js";
import { variable } from "./support.js";

const sources = () => terminalEndorsementSources(terminalSourcesOf(TerminalAppSchema.parse({ user: "nora" })));

function session(): Session {
  return new Session({ task: "Install tmux and requests.", screen: fakeScreen([]), endorsementSources: sources() });
}

describe("the workspace terminal's endorsement sources", () => {
  it("endorses a name vsh's curated archive lists, and never one from an open index", async () => {
    const s = session();
    s.store.define({ ...variable("p", "package_name", "tmux"), constraint: { ecosystem: "debian" } });
    s.store.define({ ...variable("q", "package_name", "requests"), constraint: { ecosystem: "pypi" } });
    expect(summary(await s.turn(call.registry("p", "debian")))).toBe("endorsed:registry");
    expect(summary(await s.turn(call.registry("q", "pypi")))).not.toBe("endorsed:registry");
    expect(s.integrity("q")).toBe("untrusted");
  });

  it("names the official images docker-official", () => {
    expect(sources().registries.get("docker-official")?.curation).toBe("curated");
    expect(sources().registries.get("npm")?.curation).toBe("open");
  });

  it("reads the mocks' listings in their own formats, from listing hosts only", async () => {
    const s = sources();
    expect(s.listingHosts.has("nodejs.org")).toBe(true);
    expect(s.listingHosts.has("github.com")).toBe(true);
    expect(await s.fetchListing(new URL("https://nodejs.org/dist/index.json"))).toEqual(["v22.11.0", "v20.18.0"]);
    expect(await s.fetchListing(new URL("https://pypi.org/simple/termcolor/"))).toEqual(["termcolor-2.4.0.tar.gz"]);
    await expect(s.fetchPage(new URL("https://nodejs.org/nothing"))).rejects.toThrow(/no page/);
  });

  it("knows the seeded file system: home files exist, others do not", () => {
    const s = sources();
    expect(s.home).toBe("/home/nora");
    expect(s.pathExists?.("/home/nora/.bashrc")).toBe(true);
    expect(s.pathExists?.("/home/nora/new-file")).toBe(false);
  });

  it("in an episode, asks the live shell instead: a file the episode made exists, one it deleted does not", () => {
    const live = new Set(["/home/nora/new-file"]);
    const s = terminalEndorsementSources(terminalSourcesOf(TerminalAppSchema.parse({ user: "nora" }), (path) => live.has(path)));
    expect([s.pathExists?.("/home/nora/new-file"), s.pathExists?.("/home/nora/.bashrc")]).toEqual([true, false]);
    live.add("/home/nora/.bashrc");
    expect(s.pathExists?.("/home/nora/.bashrc")).toBe(true);
  });
});
