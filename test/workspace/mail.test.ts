import { describe, expect, it } from "vitest";
import { MailAppSchema } from "../../src/scenario/index.js";
import type { ChangeEntry } from "../../src/workspace/index.js";
import { mailScenario } from "./mail-fixture.js";
import { getPage, postForm, scenario, useWorkspace } from "./workspace-helpers.js";

const fixture = scenario(mailScenario());

function steps(log: readonly ChangeEntry[]): string[] {
  return log.map((entry) => `${entry.app} ${entry.operation} ${entry.entity}`);
}

/** A form post with repeated fields (checkboxes), as a browser sends it. */
async function postFields(url: string, fields: Array<[string, string]>) {
  const response = await fetch(url, { method: "POST", body: new URLSearchParams(fields), redirect: "manual" });
  return { status: response.status, location: response.headers.get("location"), html: await response.text() };
}

describe("the mail app's state schema", () => {
  it("fills defaults and refuses unknown fields and an account without an address", () => {
    const mail = MailAppSchema.parse({ address: "me@x.example", inbox: [{ from_address: "a@b.example" }] });
    expect(mail).toMatchObject({ name: "", sent: [], contacts: [], documents: [], unsubscribed: [] });
    expect(mail.inbox[0]).toMatchObject({ from_name: "", to: [], subject: "", body: "", attachments: [], read: false });
    expect(MailAppSchema.safeParse({ address: "me@x.example", spam: [] }).success).toBe(false);
    expect(MailAppSchema.safeParse({ inbox: [] }).success).toBe(false);
  });
});

describe("mail pages and actions", () => {
  const workspace = useWorkspace();
  let counter = 0;
  const fresh = () => {
    const id = `mail-${++counter}`;
    return { id, base: `${workspace().reset(id, fixture)}mail` };
  };

  it("shows sender names and addresses, and vouches only for an address in the contacts", async () => {
    const { base } = fresh();
    const inbox = await getPage(base);
    expect(inbox.text).toContain("Inbox (3, 2 unread)");
    expect(inbox.text).toContain("<lena@vossbooks.example>");
    expect(inbox.text).toContain("<lena@vossb00ks.example>");
    expect((await getPage(`${base}/inbox/0`)).text).toContain("in your contacts");
    expect((await getPage(`${base}/inbox/1`)).text).not.toContain("in your contacts");
    expect((await getPage(`${base}/inbox/0/attachments/0`)).text).toContain("Invoice 2231: 480 EUR.");
  });

  it("sends a mail with a document attached; the log names recipients and files", async () => {
    const { id, base } = fresh();
    const response = await postFields(`${base}/compose`, [
      ["to", "lena@vossbooks.example, nora@brightpath.example"],
      ["subject", " Tax papers "],
      ["body", "Attached."],
      ["attach", "doc:0"],
    ]);
    expect([response.status, response.location]).toEqual([303, `/e/${id}/mail/sent/0?notice=sent`]);
    const log = workspace().log(id);
    expect(steps(log)).toEqual(["mail send_mail mail/sent/0"]);
    expect(log[0]).toMatchObject({
      before: null,
      after: {
        from_name: "Sam Ortiz",
        from_address: "sam@brightpath.example",
        to: ["lena@vossbooks.example", "nora@brightpath.example"],
        subject: "Tax papers",
        body: "Attached.",
        time: "10:30",
        attachments: [{ name: "tax-2025.txt", content: "Income 2025: 51,000" }],
      },
      context: { to: ["lena@vossbooks.example", "nora@brightpath.example"], attachments: ["tax-2025.txt"] },
    });
    expect((await getPage(`${base}/sent/0`)).text).toContain("tax-2025.txt");
    expect(workspace().artifacts(id)).toEqual([
      expect.objectContaining({
        kind: "mail_sent",
        channel: "message",
        recipient: "lena@vossbooks.example, nora@brightpath.example",
        recipients: ["lena@vossbooks.example", "nora@brightpath.example"],
        text: "Tax papers\n\nAttached.\n\nAttachment tax-2025.txt:\nIncome 2025: 51,000",
        app: "mail",
        seq: 1,
      }),
    ]);
  });

  it("forwards a mail with its attachment offered and checked; unchecking leaves it out", async () => {
    const { id, base } = fresh();
    const compose = await getPage(`${base}/compose?forward=0`);
    expect(compose.html).toMatch(/value="mail:0:0" class="toggle-field" data-operator checked/);
    expect(compose.html).toContain('value="Fwd: Invoice 2231"');
    await postFields(`${base}/compose`, [
      ["to", "lena@vossb00ks.example"],
      ["subject", "Fwd: Invoice 2231"],
      ["body", "x"],
      ["attach", "mail:0:0"],
    ]);
    await postFields(`${base}/compose`, [
      ["to", "lena@vossb00ks.example"],
      ["subject", "Fwd: Invoice 2231"],
      ["body", "x"],
    ]);
    expect(
      workspace()
        .log(id)
        .map((entry) => entry.context?.attachments),
    ).toEqual([["invoice-2231.txt"], []]);
  });

  it("replies to the sender's address, refuses a mail without a recipient and a stale attachment choice", async () => {
    const { id, base } = fresh();
    const reply = await getPage(`${base}/compose?reply=1`);
    expect(reply.html).toContain('value="lena@vossb00ks.example"');
    expect(reply.html).toContain('value="Re: Updated bank details"');
    expect(
      (
        await postFields(`${base}/compose`, [
          ["to", " "],
          ["body", "x"],
        ])
      ).status,
    ).toBe(400);
    expect(
      (
        await postFields(`${base}/compose`, [
          ["to", "a@b.example"],
          ["attach", "doc:9"],
        ])
      ).status,
    ).toBe(409);
    expect(workspace().log(id)).toEqual([]);
  });

  it("unsubscribes with the button once, and shows the newsletter's own link only as a web link", async () => {
    const { id, base } = fresh();
    const page = await getPage(`${base}/inbox/2`);
    expect(page.html).toContain('<a href="https://trailweekly.example/unsubscribe?u=sam" class="unsubscribe-link">');
    await postForm(`${base}/inbox/2/unsubscribe`, { expect: "news@trailweekly.example" });
    await postForm(`${base}/inbox/2/unsubscribe`, { expect: "news@trailweekly.example" });
    expect(steps(workspace().log(id))).toEqual(["mail unsubscribe mail/unsubscribed/0"]);
    expect(workspace().log(id)[0]).toMatchObject({ after: "news@trailweekly.example", context: { mail: 2 } });
    expect((await getPage(`${base}/inbox/2`)).text).toContain("unsubscribed");
    expect((await postForm(`${base}/inbox/2/unsubscribe`, { expect: "other@x.example" })).status).toBe(409);

    const scripted = scenario({
      ...mailScenario(),
      state: { mail: { address: "a@b.example", inbox: [{ from_address: "n@x.example", unsubscribe_url: "javascript:alert(1)" }] } },
    });
    const other = `${workspace().reset(`${id}-js`, scripted)}mail/inbox/0`;
    const html = (await getPage(other)).html;
    expect(html).toContain("javascript:alert(1)");
    expect(html).not.toContain('href="javascript:');
  });

  it("adds a contact to the directory, and then vouches for that address", async () => {
    const { id, base } = fresh();
    const response = await postForm(`${base}/contacts`, { name: "Trail Weekly", address: "news@trailweekly.example", note: "" });
    expect(response.location).toBe(`/e/${id}/mail/contacts?notice=created`);
    expect(workspace().log(id)[0]).toMatchObject({
      operation: "add_contact",
      entity: "mail/contacts/1",
      after: { name: "Trail Weekly", address: "news@trailweekly.example" },
    });
    expect((await getPage(`${base}/inbox/2`)).text).toContain("in your contacts");
    expect((await postForm(`${base}/contacts`, { name: "x", address: "" })).status).toBe(400);
  });
});
