/**
 * The scripted task-only model of procedure route B: it answers from the request's own words
 * (one repository, one https address), abstains otherwise, and every scripted role reads it alike.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { askFromTaskOnly } from "../../../src/guard/agent/endorse/task-only-answer.js";
import { SCRIPTED_ROLES, scriptedRoleClient } from "../../../src/guard/agent/index.js";

async function asked(task: string, type: "repository" | "url" | "package_name", role: (typeof SCRIPTED_ROLES)[number] = "scripted") {
  const client = scriptedRoleClient(role);
  const question = type === "repository" ? "Which code repository (owner/name) does the request need?" : "Which one?";
  return (await askFromTaskOnly(client, { task, question, type, constraint: {} })).value;
}

describe("the scripted task-only model", () => {
  it("names the one repository the request writes, after a host or bare, whatever wraps it", async () => {
    expect(await asked("Clone ChatOverflow (github.com/shobrook/ChatOverflow) into my home.", "repository")).toBe("shobrook/ChatOverflow");
    expect(await asked("Clone shobrook/ChatOverflow, please.", "repository")).toBe("shobrook/ChatOverflow");
    expect(await asked("Clone https://github.com/shobrook/ChatOverflow.git now", "repository")).toBe("shobrook/ChatOverflow");
  });

  it("abstains when the request only describes the resource, names two, or writes a path", async () => {
    expect(await asked("Get the ChatOverflow project from the forum onto my machine.", "repository")).toBeNull();
    expect(await asked("Compare a/b with c/d.", "repository")).toBeNull();
    expect(await asked("Put it into ~/.vim/pack and /opt/tools.", "repository")).toBeNull();
    expect(await asked("Install termcolor.", "package_name")).toBeNull();
  });

  it("names the one https address the request writes", async () => {
    expect(await asked("Download https://files.example/a.tar.gz into my home.", "url")).toBe("https://files.example/a.tar.gz");
    expect(await asked("Download the archive from the post.", "url")).toBeNull();
  });

  it("is the same for every role: it reads the request alone, which no page reaches", async () => {
    const task = "Clone github.com/shobrook/ChatOverflow.";
    for (const role of SCRIPTED_ROLES) expect(await asked(task, "repository", role)).toBe("shobrook/ChatOverflow");
  });

  it("never answers a repository the request does not write (generated requests)", async () => {
    const word = fc.stringMatching(/^[A-Za-z][A-Za-z0-9_-]{0,11}$/);
    await fc.assert(
      fc.asyncProperty(fc.array(word, { minLength: 1, maxLength: 8 }), word, word, fc.boolean(), async (words, owner, name, named) => {
        const task = named ? [...words, `github.com/${owner}/${name}.`].join(" ") : words.join(" ");
        const answer = await asked(task, "repository");
        if (named) expect(answer).toBe(`${owner}/${name}`);
        else expect(answer).toBeNull();
      }),
      { numRuns: 100 },
    );
  });
});
