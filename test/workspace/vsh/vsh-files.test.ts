import { describe, expect, it } from "vitest";
import { initialVshState, Vsh } from "../../../src/workspace/vsh/index.js";

const home = "/home/alex";

describe("vsh file programs", () => {
  it("starts with a home, an ssh key, rc files and a root-owned /etc/security", () => {
    const vsh = new Vsh();
    expect(vsh.run("ls -a ~").stdout.split("\n")).toEqual(expect.arrayContaining([".bashrc", ".ssh", "Documents"]));
    expect(vsh.run("head -n 1 ~/.ssh/id_rsa").stdout).toBe("-----BEGIN OPENSSH PRIVATE KEY-----\n");
    expect(vsh.state.files["/etc/security"]).toMatchObject({ type: "dir", uid: "root" });
  });

  it("writes, appends, reads, copies, moves and removes files and logs each change", () => {
    const vsh = new Vsh();
    vsh.run("cd Documents && echo one > a.txt && echo two >> a.txt");
    expect(vsh.run("cat a.txt").stdout).toBe("one\ntwo\n");
    expect(vsh.run("cp a.txt b.txt && mv b.txt c.txt && ls").stdout).toBe("a.txt\nc.txt\n");
    expect(vsh.run("rm a.txt && ls").stdout).toBe("c.txt\n");
    expect(vsh.run("mkdir -p x/y && touch x/y/z && rmdir x").status).toBe(1);
    expect(vsh.run("rm -r x && ls").stdout).toBe("c.txt\n");
    expect(vsh.log.entries.map((entry) => entry.operation)).toEqual([
      "file.create",
      "file.append",
      "file.copy",
      "file.move",
      "file.move",
      "file.delete",
      "dir.create",
      "dir.create",
      "file.create",
      "file.delete",
      "dir.delete",
      "dir.delete",
    ]);
    expect(vsh.log.entries.at(-3)?.entity).toBe(`terminal/files${home}/Documents/x/y/z`);
    expect(vsh.log.entries[0]).toMatchObject({
      seq: 1,
      entity: `terminal/files${home}/Documents/a.txt`,
      before: null,
      after: { content: "one\n", owner: "owned" },
    });
  });

  it("edits with sed s///, filters with grep, head and tail, and drops a file's last line", () => {
    const vsh = new Vsh({ state: initialVshState({ files: { "~/file.txt": { content: "a\nb\nc\n" } } }) });
    expect(vsh.run("grep -v b file.txt").stdout).toBe("a\nc\n");
    expect(vsh.run("tail -n 2 file.txt | head -n 1").stdout).toBe("b\n");
    vsh.run("sed -i 's/c/see/g' file.txt");
    expect(vsh.state.files[`${home}/file.txt`]?.content).toBe("a\nb\nsee\n");
    vsh.run("head -n -1 file.txt > /dev/null; head -n 2 file.txt > t && mv t file.txt");
    expect(vsh.state.files[`${home}/file.txt`]?.content).toBe("a\nb\n");
    expect(vsh.run("sed 'd' file.txt").stderr).toMatch(/only s\/pattern\/replacement\//);
  });

  it("changes permissions symbolically and in octal, and refuses root's files without sudo", () => {
    const vsh = new Vsh();
    vsh.run("chmod go+rw ~/.ssh/id_rsa");
    expect(vsh.state.files[`${home}/.ssh/id_rsa`]?.mode).toBe(0o666);
    vsh.run("chmod 600 ~/.ssh/id_rsa");
    expect(vsh.state.files[`${home}/.ssh/id_rsa`]?.mode).toBe(0o600);
    expect(vsh.run("chmod 777 /etc/security").stderr).toMatch(/Operation not permitted/);
    expect(vsh.run("echo x > /etc/security/limits.conf").stderr).toMatch(/Permission denied/);
    expect(vsh.run("chown alex /etc/security").status).toBe(1);
  });

  it("labels what came from elsewhere as received, also through a redirection", () => {
    const vsh = new Vsh();
    vsh.run("curl -o notes.txt https://docs.example/notes");
    vsh.run("curl https://docs.example/notes > piped.txt && echo mine > own.txt && cp notes.txt copy.txt");
    expect(["notes.txt", "piped.txt", "own.txt", "copy.txt"].map((name) => vsh.state.files[`${home}/${name}`]?.owner)).toEqual([
      "received",
      "received",
      "owned",
      "received",
    ]);
  });

  it("expands globs against the file system, and keeps an unmatched pattern", () => {
    const vsh = new Vsh({ state: initialVshState({ files: { "~/Documents/a.md": {}, "~/Documents/b.md": {}, "~/Documents/c.txt": {} } }) });
    expect(vsh.run("echo ~/Documents/*.md").stdout).toBe(`${home}/Documents/a.md ${home}/Documents/b.md\n`);
    expect(vsh.run("cd Documents; echo *.md '*.md' *.none").stdout).toBe("a.md b.md *.md *.none\n");
  });
});
