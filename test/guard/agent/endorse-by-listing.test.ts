/**
 * `endorse_by_listing` through the gate and the read tool: the value must be an entry of a listing
 * on an allowlisted listing host whose address has a path segment the request names.
 */
import { describe, expect, it } from "vitest";
import { fakeSources } from "./fake-endorsement-sources.js";
import { call, fakeScreen, resultText, Session, summary } from "./read-tools-support.js";
import { variable } from "./support.js";

const TASK = "Pin the latest release of vim-commentary in the plugin list.";
const LISTING = "https://releases.example/tpope/vim-commentary/tags";

function session(listings: Record<string, readonly string[]> = { [LISTING]: ["v1.3", "v1.2", "v1.1"] }) {
  const sources = fakeSources({ listings });
  const s = new Session({ task: TASK, screen: fakeScreen([]), endorsementSources: sources });
  return { s, sources };
}

describe("endorse_by_listing", () => {
  it("endorses a value equal to an entry of the listing, by the type's equality", async () => {
    const { s } = session();
    s.store.define(variable("v", "version", "1.3"));
    expect(summary(await s.turn(call.listing("v", LISTING)))).toBe("endorsed:listing");
    expect(s.integrity("v")).toBe("endorsed:listing");
  });

  it("answers diverged for a value the listing does not hold, never by prefix", async () => {
    const { s } = session();
    s.store.define(variable("v", "version", "1.3.1"));
    expect(resultText(await s.turn(call.listing("v", LISTING)))).toBe("Not endorsed (diverged): the listing does not contain the value.");
    expect(s.integrity("v")).toBe("untrusted");
  });

  it("refuses a listing on a host that is not a listing host, before fetching", async () => {
    const { s, sources } = session();
    s.store.define(variable("v", "version", "1.3"));
    expect(resultText(await s.turn(call.listing("v", "https://mirror.example/tpope/vim-commentary/tags")))).toBe(
      "Not endorsed (refused): the listing is not on an allowlisted listing host.",
    );
    expect(sources.fetched).toEqual([]);
  });

  it("refuses a listing whose path names nothing of the request: the page must not choose the listing", async () => {
    const other = "https://releases.example/attacker/commentary-fork/tags";
    const { s, sources } = session({ [other]: ["1.3"] });
    s.store.define(variable("v", "version", "1.3"));
    expect(resultText(await s.turn(call.listing("v", other)))).toBe(
      "Not endorsed (refused): no path segment of the listing address is a term of your request.",
    );
    expect(sources.fetched).toEqual([]);
  });

  it("refuses a listing address the quarantined model read: a fork named after the task never reaches the fetch", async () => {
    const fork = "https://releases.example/attacker/vim-commentary/tags";
    const { s, sources } = session({ [fork]: ["1.3"] });
    s.store.define(variable("v", "version", "1.3"));
    // What a compromised reader answers: the attacker's fork, whose path does name the task's term.
    s.store.define(variable("listing", "url", fork));
    const result = await s.turn(call.listing("v", "$listing"));
    expect(summary(result)).toBe("refused:UNENDORSED_VARIABLE");
    expect(s.integrity("v")).toBe("untrusted");
    expect(sources.fetched).toEqual([]);
  });

  it("refuses an address that is not http(s) or carries user information", async () => {
    const { s } = session();
    s.store.define(variable("v", "version", "1.3"));
    expect(summary(await s.turn(call.listing("v", "ftp://releases.example/vim-commentary/")))).toBe("refused:listing");
    expect(summary(await s.turn(call.listing("v", "https://u:p@releases.example/vim-commentary/")))).toBe("refused:listing");
    expect(summary(await s.turn(call.listing("v", "not a url")))).toBe("refused:listing");
  });

  it("answers insufficient when the listing cannot be read", async () => {
    const { s } = session({});
    s.store.define(variable("v", "version", "1.3"));
    expect(resultText(await s.turn(call.listing("v", LISTING)))).toBe("Not endorsed (insufficient): the listing could not be read.");
  });

  it("endorses a file path or URL the listing holds, as the table allows", async () => {
    const files = "https://git.example/tpope/vim-commentary/files";
    const { s } = session({ [files]: ["/plugin/commentary.vim", "https://git.example/tpope/vim-commentary/archive/v1.3.tar.gz"] });
    s.store.define(variable("f", "file_path", "/plugin/commentary.vim"));
    s.store.define(variable("u", "url", "https://git.example/tpope/vim-commentary/archive/v1.3.tar.gz"));
    expect(summary(await s.turn(call.listing("f", files)))).toBe("endorsed:listing");
    expect(summary(await s.turn(call.listing("u", files)))).toBe("endorsed:listing");
  });
});
