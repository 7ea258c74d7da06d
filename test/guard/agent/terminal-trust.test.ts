/**
 * Terminal trust tracking's classifier and its sticky state: which typed lines print text the user
 * did not write (and so mask the terminal), and that only a reset, not `clear`, trusts it again.
 */
import { describe, expect, it } from "vitest";
import {
  classifyTerminalLine,
  type PathOwnership,
  type TerminalLineContext,
} from "../../../src/guard/agent/terminal/terminal-line-taint.js";
import { TerminalTrust } from "../../../src/guard/agent/terminal/terminal-trust.js";

const HOME = "/home/user";

/** Home and the user's own project are owned; a cloned repository and the downloads are received; the rest unknown. */
function ownership(path: string): PathOwnership {
  if (path.startsWith(`${HOME}/clones`) || path.startsWith(`${HOME}/Downloads`)) return "received";
  if (path === HOME || path.startsWith(`${HOME}/`)) return "owned";
  return "unknown";
}

const CONTEXT: TerminalLineContext = { cwd: HOME, home: HOME, ownership };
const IN_CLONE: TerminalLineContext = { ...CONTEXT, cwd: `${HOME}/clones/tool` };
const IN_PROJECT: TerminalLineContext = { ...CONTEXT, cwd: `${HOME}/project` };

function verdict(line: string, context = CONTEXT): string {
  const result = classifyTerminalLine(line, context);
  return result.taints ? `taints:${result.reason}` : "clean";
}

describe("classifyTerminalLine", () => {
  it.each([
    ["a download to the screen", "curl https://git.example/install.sh", "taints:download_to_screen"],
    ["a download to standard output by -o -", "curl -o - https://git.example/x", "taints:download_to_screen"],
    ["wget to standard output", "wget -qO- https://git.example/x", "taints:download_to_screen"],
    ["wget -O -", "wget -O - https://git.example/x", "taints:download_to_screen"],
    ["a download piped to a pager", "curl https://git.example/x | less", "taints:download_to_screen"],
    ["nc", "nc files.example 80", "taints:network_client"],
    ["ssh with a remote command", "ssh build.example cat /var/log/x", "taints:remote_shell"],
    ["cat of a received file", "cat ~/Downloads/README", "taints:reads_unowned_file"],
    ["head of a path outside home", "head /var/log/syslog", "taints:reads_unowned_file"],
    ["less, more, tail, strings, xxd, od of a received file", "xxd ~/Downloads/a.bin", "taints:reads_unowned_file"],
    ["grep in a received file", "grep alias ~/Downloads/setup.sh", "taints:reads_unowned_file"],
    ["a received file on standard input", "sort < ~/Downloads/list", "taints:reads_unowned_file"],
    ["a path given by a variable", "cat $NOTES", "taints:reads_unowned_file"],
    ["command substitution", "echo $(whoami)", "taints:substitution"],
    ["backticks", "mkdir `date`", "taints:substitution"],
    ["python -c", "python3 -c 'print(1)'", "taints:inline_code"],
    ["node -e", "node -e 'console.log(1)'", "taints:inline_code"],
    ["perl -e", "perl -e 'print 1'", "taints:inline_code"],
    ["ruby -e", "ruby -e 'puts 1'", "taints:inline_code"],
    ["bash -c", "bash -c 'ls'", "taints:inline_code"],
    ["sh -c", "sh -c 'ls'", "taints:inline_code"],
    ["a script run by an interpreter", "python3 ~/Downloads/setup.py", "taints:unknown_program"],
    ["eval", "eval ls", "taints:eval"],
    ["source of a received file", "source ~/Downloads/env.sh", "taints:source_unowned"],
    [". of a received file", ". ~/Downloads/env.sh", "taints:source_unowned"],
    ["pip show", "pip show termcolor", "taints:remote_metadata"],
    ["npm view", "npm view chalk", "taints:remote_metadata"],
    ["a package install (its scripts print what they like)", "pip install termcolor", "taints:remote_metadata"],
    ["a clone (the server's remote: lines)", "git clone https://git.example/a/b", "taints:remote_output"],
    ["a loop", "for f in a b; do ls; done", "taints:compound"],
    ["an unknown program", "cowsay hi", "taints:unknown_program"],
    ["a line that does not parse", "echo 'unterminated", "taints:unparsed"],
    ["ls of a received directory", "ls ~/Downloads", "taints:unowned_directory"],
    ["the last taint of a chain", "mkdir ~/x && cat /etc/passwd", "taints:reads_unowned_file"],
  ])("taints on %s", (_, line, expected) => {
    expect(verdict(line)).toBe(expected);
  });

  it.each([
    ["ls of an owned directory", "ls -la ~/project"],
    ["ls of the owned working directory", "ls"],
    ["pwd", "pwd"],
    ["mkdir, cp, mv", "mkdir -p ~/a && cp ~/b ~/a/ && mv ~/a ~/c"],
    ["cat of an owned file", "cat ~/notes.txt"],
    ["source of an owned file", "source ~/.bashrc"],
    ["a download to a named file", "curl -fsSL -o ~/Downloads/x.sh https://git.example/x.sh"],
    ["a download sent to a file by redirection", "curl https://git.example/x > ~/x"],
    ["wget to its own file", "wget https://git.example/x.tar.gz"],
    ["echo of literal text", "echo hello world"],
    ["clear", "clear"],
    ["stopping a service", "sudo systemctl stop cups"],
  ])("does not taint on %s", (_, line) => {
    expect(verdict(line)).toBe("clean");
  });

  it("git log, show and diff taint in a received repository and not in an owned one; status likewise", () => {
    for (const sub of ["log", "show", "diff", "status"]) {
      expect(verdict(`git ${sub}`, IN_CLONE)).toBe("taints:remote_history");
      expect(verdict(`git ${sub}`, IN_PROJECT)).toBe("clean");
    }
    expect(verdict("git -C ~/clones/tool log")).toBe("taints:remote_history");
  });
});

describe("TerminalTrust", () => {
  it("is trusted until a line taints it, and a taint sticks through later clean lines and clear", () => {
    const trust = new TerminalTrust();
    trust.enter("ls", CONTEXT);
    expect(trust.tainted).toBe(false);
    trust.enter("cat ~/Downloads/README", CONTEXT);
    trust.enter("pwd", CONTEXT);
    trust.enter("clear", CONTEXT);
    expect([trust.tainted, trust.reason]).toEqual([true, "reads_unowned_file"]);
  });

  it("is trusted again after a reset line alone, or a new terminal", () => {
    const trust = new TerminalTrust();
    trust.enter("curl https://git.example/x", CONTEXT);
    trust.enter("reset", CONTEXT);
    expect(trust.tainted).toBe(false);
    trust.enter("curl https://git.example/x", CONTEXT);
    trust.reset();
    expect(trust.tainted).toBe(false);
  });

  it("a reset chained with a tainting command does not trust it", () => {
    const trust = new TerminalTrust();
    trust.enter("reset && cat ~/Downloads/README", CONTEXT);
    expect(trust.tainted).toBe(true);
  });
});
