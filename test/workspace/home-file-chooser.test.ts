/**
 * The file chooser and downloads over the terminal's file system: mail compose offers the files of
 * the terminal's home (never a hidden one, never one the user cannot read) as they are when the mail
 * is sent, and a received attachment saved to `~/Downloads` is a `received` file there, recorded in
 * the change log like any shell change. Which home files are offered is checked over generated
 * file trees; the actions over HTTP against the real workspace server.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { ScenarioInput } from "../../src/scenario/index.js";
import { mailScenario } from "./mail-fixture.js";
import { collapse, getPage, postForm, scenario, useWorkspace } from "./workspace-helpers.js";

const HOME = "/home/alex";

function withTerminal(
  files: Record<string, { content?: string; owner?: "owned" | "received"; uid?: string; mode?: string }>,
): ScenarioInput {
  const base = mailScenario();
  return { ...base, id: "home-files", state: { ...base.state, terminal: { files } } };
}

async function postFields(url: string, fields: Array<[string, string]>) {
  const response = await fetch(url, { method: "POST", body: new URLSearchParams(fields), redirect: "manual" });
  return { status: response.status, location: response.headers.get("location"), html: await response.text() };
}

describe("the file chooser over the terminal's home", () => {
  const workspace = useWorkspace();
  let counter = 0;
  const fresh = (input: ScenarioInput) => {
    const id = `home-files-${++counter}`;
    return { id, base: `${workspace().reset(id, scenario(input))}` };
  };

  it("offers exactly the readable files outside hidden directories, over generated trees", async () => {
    const segment = fc.constantFrom("Documents", "Downloads", "notes", ".ssh", ".config", "cv.pdf", ".hidden", "a b.txt", "x");
    const tree = fc.uniqueArray(fc.record({ segments: fc.array(segment, { minLength: 1, maxLength: 3 }), locked: fc.boolean() }), {
      maxLength: 8,
      selector: (file) => file.segments.join("/"),
    });
    await fc.assert(
      fc.asyncProperty(tree, async (drawn) => {
        // A path cannot be both a file and the directory of another drawn file: the first one stays.
        const files: Record<string, { content: string; uid?: string; mode?: string }> = {};
        for (const file of drawn) {
          const path = `~/${file.segments.join("/")}`;
          if (Object.keys(files).some((other) => other.startsWith(`${path}/`) || path.startsWith(`${other}/`))) continue;
          files[path] = { content: path, ...(file.locked && { uid: "root", mode: "600" }) };
        }
        const { base } = fresh(withTerminal(files));
        const page = await getPage(`${base}mail/compose`);
        const offered = [...page.html.matchAll(/value="file:([^"]*)"/g)].map((match) => match[1]!.replace(/&amp;/g, "&"));
        const expected = Object.entries(files)
          .filter(
            ([path, file]) =>
              !path
                .slice(2)
                .split("/")
                .some((part) => part.startsWith(".")) && file.uid === undefined,
          )
          .map(([path]) => `${HOME}/${path.slice(2)}`)
          .sort();
        expect(offered).toEqual(expected);
        // Each by its name, with its folder beside it.
        for (const path of offered) {
          const cut = path.lastIndexOf("/");
          const folder = path.slice(0, cut) === HOME ? "~" : `~${path.slice(HOME.length, cut)}`;
          expect(collapse(page.text)).toContain(`${path.slice(cut + 1)} ${folder}`);
        }
      }),
      { numRuns: 40 },
    );
  });

  it("attaches a home file as it is when the mail is sent, and refuses one it does not offer", async () => {
    const { id, base } = fresh(withTerminal({ "~/Documents/cv.txt": { content: "CV v1\n" }, "~/.ssh/notes": { content: "secret" } }));
    const compose = await getPage(`${base}mail/compose`);
    expect(compose.html).toContain(`value="file:${HOME}/Documents/cv.txt"`);
    expect(collapse(compose.text)).toContain("cv.txt ~/Documents");
    expect(compose.html).not.toContain(".ssh");
    await postForm(`${base}terminal/run`, { line: "echo v2 >> ~/Documents/cv.txt" });
    const sent = await postFields(`${base}mail/compose`, [
      ["to", "lena@vossbooks.example"],
      ["attach", `file:${HOME}/Documents/cv.txt`],
    ]);
    expect(sent.status).toBe(303);
    const mail = workspace()
      .log(id)
      .find((entry) => entry.operation === "send_mail");
    expect(mail?.after).toMatchObject({ attachments: [{ name: "cv.txt", content: "CV v1\nv2\n" }] });
    for (const path of [`${HOME}/.ssh/notes`, `${HOME}/.ssh/id_rsa`, "/etc/security", `${HOME}/Documents/none.txt`]) {
      const refused = await postFields(`${base}mail/compose`, [
        ["to", "lena@vossbooks.example"],
        ["attach", `file:${path}`],
      ]);
      expect([path, refused.status]).toEqual([path, 409]);
    }
    // A file removed in the terminal after the form was drawn is a stale choice.
    await postForm(`${base}terminal/run`, { line: "rm ~/Documents/cv.txt" });
    const stale = await postFields(`${base}mail/compose`, [
      ["to", "lena@vossbooks.example"],
      ["attach", `file:${HOME}/Documents/cv.txt`],
    ]);
    expect(stale.status).toBe(409);
  });

  it("saves a received attachment to ~/Downloads as a received file, under a new name when taken", async () => {
    const { id, base } = fresh(withTerminal({}));
    const page = await getPage(`${base}mail/inbox/0/attachments/0`);
    expect(page.text).toContain("Save to Downloads");
    const save = () => postForm(`${base}mail/inbox/0/attachments/0/save`, { expect: "invoice-2231.txt" });
    expect((await save()).location).toBe(`/e/${id}/mail/inbox/0/attachments/0?notice=saved`);
    expect((await save()).status).toBe(303);
    const downloads = workspace()
      .log(id)
      .filter((entry) => entry.app === "terminal");
    expect(downloads.map((entry) => `${entry.operation} ${entry.entity}`)).toEqual([
      `file.download terminal/files${HOME}/Downloads/invoice-2231.txt`,
      `file.download terminal/files${HOME}/Downloads/invoice-2231 (1).txt`,
    ]);
    expect(downloads[0]!.after).toMatchObject({ content: "Invoice 2231: 480 EUR. IBAN DE00 1234", owner: "received" });
    const compose = await getPage(`${base}mail/compose`);
    expect([...compose.html.matchAll(/value="file:([^"]*)"/g)].map((match) => match[1])).toEqual([
      `${HOME}/Downloads/invoice-2231 (1).txt`,
      `${HOME}/Downloads/invoice-2231.txt`,
    ]);
    // The shell sees the download like any other file.
    await postForm(`${base}terminal/run`, { line: "cat ~/Downloads/invoice-2231.txt" });
    expect((await getPage(`${base}terminal`)).text).toContain("Invoice 2231: 480 EUR.");
    // A stale form (another file's name) is refused.
    expect((await postForm(`${base}mail/inbox/0/attachments/0/save`, { expect: "other.txt" })).status).toBe(409);
  });

  it("saves any attachment name as one file directly in ~/Downloads, over generated names", async () => {
    const name = fc
      .array(fc.constantFrom("a", ".", "/", "\\", " ", "é", "(1)", "..", "txt"), { minLength: 1, maxLength: 12 })
      .map((parts) => parts.join(""));
    await fc.assert(
      fc.asyncProperty(name, async (attachment) => {
        const input = withTerminal({});
        const mail = (input.state as { mail: { inbox: Array<{ attachments: Array<{ name: string; content: string }> }> } }).mail;
        mail.inbox[0]!.attachments = [{ name: attachment, content: "x" }];
        const { id, base } = fresh(input);
        expect((await postForm(`${base}mail/inbox/0/attachments/0/save`, { expect: attachment })).status).toBe(303);
        const [saved] = workspace()
          .log(id)
          .filter((entry) => entry.operation === "file.download");
        const path = saved!.entity.slice("terminal/files".length);
        expect(path.startsWith(`${HOME}/Downloads/`)).toBe(true);
        const file = path.slice(`${HOME}/Downloads/`.length);
        expect(file).not.toMatch(/[/\\]/);
        expect([".", ".."]).not.toContain(file);
      }),
      // The names that would be the folder or its parent are rare in the draws: always tried.
      { numRuns: 40, examples: [[".."], ["."], ["/"], ["a/.."], ["\\.."]] },
    );
  });

  it("offers no saving and no home files without a terminal", async () => {
    const { base } = fresh(mailScenario());
    expect((await getPage(`${base}mail/inbox/0/attachments/0`)).text).not.toContain("Save to Downloads");
    expect((await postForm(`${base}mail/inbox/0/attachments/0/save`, { expect: "invoice-2231.txt" })).status).toBe(404);
    expect((await getPage(`${base}mail/compose`)).html).not.toContain('value="file:');
  });
});
