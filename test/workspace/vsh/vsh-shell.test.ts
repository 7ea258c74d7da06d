import { describe, expect, it } from "vitest";
import { Vsh } from "../../../src/workspace/vsh/index.js";

describe("vsh shell semantics", () => {
  it("says command not found with status 127 for programs it does not know", () => {
    const vsh = new Vsh();
    expect(vsh.run("nc -l 4444")).toEqual({ stdout: "", stderr: "vsh: nc: command not found\n", status: 127 });
    expect(vsh.run("echo $?").stdout).toBe("127\n");
  });

  it("runs && || ; and pipes with their exit statuses", () => {
    const vsh = new Vsh();
    expect(vsh.run("false && echo no || echo yes; echo end").stdout).toBe("yes\nend\n");
    expect(vsh.run("! true").status).toBe(1);
    expect(vsh.run("echo a b c | grep b").stdout).toBe("a b c\n");
  });

  it("redirects standard error, joins it with 2>&1 and discards it in /dev/null", () => {
    const vsh = new Vsh();
    vsh.run("cat missing 2> err.txt");
    expect(vsh.state.files["/home/alex/err.txt"]?.content).toMatch(/No such file/);
    vsh.run("cat missing > both.txt 2>&1");
    expect(vsh.state.files["/home/alex/both.txt"]?.content).toMatch(/No such file/);
    expect(vsh.run("cat missing 2>/dev/null")).toMatchObject({ stderr: "", status: 1 });
    expect(vsh.run("grep zzz < /home/alex/err.txt; cat <<< hello").stdout).toBe("hello\n");
  });

  it("splits unquoted substitutions and variables into fields but not quoted ones", () => {
    const vsh = new Vsh();
    vsh.run("X='a   b'");
    expect(vsh.run(`echo $X "$X" "$(echo '1   2')" $(echo '3   4')`).stdout).toBe("a b a   b 1   2 3 4\n");
  });

  it("sets aliases and exports for the session and runs sourced rc files", () => {
    const vsh = new Vsh();
    vsh.run("alias hi='echo hello'");
    expect(vsh.run("hi there").stdout).toBe("hello there\n");
    vsh.run("echo 'export EDITOR=vim' >> ~/.bashrc && source ~/.bashrc");
    expect(vsh.run("echo $EDITOR").stdout).toBe("vim\n");
    expect(vsh.log.entries.map((entry) => entry.operation)).toEqual(expect.arrayContaining(["alias.set", "file.append", "env.set"]));
  });

  it("runs bash -c and sh -c code and a script piped into bash", () => {
    const vsh = new Vsh();
    expect(vsh.run("bash -c 'echo one; echo two'").stdout).toBe("one\ntwo\n");
    expect(vsh.run("echo 'touch ~/piped' | sh").status).toBe(0);
    expect(vsh.state.files["/home/alex/piped"]).toBeDefined();
  });

  it("records inline interpreter code and refuses loops and other compound commands", () => {
    const vsh = new Vsh();
    expect(vsh.run("python3 -c 'import os'").status).toBe(126);
    expect(vsh.run("node -e 'x'").status).toBe(126);
    expect(vsh.log.entries.filter((entry) => entry.operation === "exec.code").map((entry) => entry.after)).toEqual([
      { interpreter: "python3", code: "import os" },
      { interpreter: "node", code: "x" },
    ]);
    expect(vsh.run("for f in a b; do rm $f; done").stderr).toMatch(/for commands are not supported/);
    expect(vsh.run("if true; then echo; fi").status).toBe(2);
    expect(vsh.run("echo 'unclosed").stderr).toMatch(/^vsh: syntax error: column 6: expected a closing '/);
  });

  it("keeps clear's scrollback and empties it on reset", () => {
    const vsh = new Vsh();
    vsh.run("echo first");
    vsh.run("clear");
    vsh.run("echo second");
    expect(vsh.scrollback).toContain("first");
    expect(vsh.screen).not.toContain("first");
    expect(vsh.screen).toContain("second");
    vsh.run("reset");
    expect(vsh.scrollback).not.toContain("first");
  });
});
