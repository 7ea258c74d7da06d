import { describe, expect, it } from "vitest";
import { initialVshState, Vsh } from "../../../src/workspace/vsh/index.js";

describe("vsh services and sudo", () => {
  it("asks the sudo password before the line runs, then runs the whole line once", () => {
    const vsh = new Vsh({ state: initialVshState({ sudoPassword: "pw" }) });
    expect(vsh.run("echo start >> log.txt; sudo systemctl stop openvpn")).toEqual({
      stdout: "[sudo] password for alex: ",
      stderr: "",
      status: 0,
    });
    expect(vsh.awaitingPassword).toBe(true);
    expect(vsh.state.files["/home/alex/log.txt"]).toBeUndefined();
    expect(vsh.run("pw").status).toBe(0);
    expect(vsh.state.services.openvpn?.active).toBe(false);
    expect(vsh.state.files["/home/alex/log.txt"]?.content).toBe("start\n");
    expect(vsh.scrollback).not.toContain("pw\n");
    expect(vsh.run("sudo systemctl disable openvpn").status).toBe(0);
    expect(vsh.state.services.openvpn?.enabled).toBe(false);
  });

  it("refuses a wrong password and privileged actions without sudo", () => {
    const vsh = new Vsh({ state: initialVshState({ sudoPassword: "pw" }) });
    expect(vsh.run("systemctl stop ssh").stderr).toMatch(/Interactive authentication required/);
    vsh.run("sudo systemctl stop ssh");
    expect(vsh.run("guess")).toMatchObject({ status: 1, stderr: expect.stringMatching(/incorrect password/) });
    expect(vsh.state.services.ssh?.active).toBe(true);
    expect(vsh.run("echo pw | sudo -S systemctl stop ssh").status).toBe(0);
    expect(vsh.state.services.ssh?.active).toBe(false);
  });

  it("reports service status and starts, restarts and enables services", () => {
    const vsh = new Vsh({ state: initialVshState({ services: { cups: { active: false, enabled: false } } }) });
    expect(vsh.run("systemctl status cups")).toMatchObject({ status: 3, stdout: expect.stringMatching(/inactive \(dead\)/) });
    vsh.state.sudoCached = true;
    vsh.run("sudo service cups start && sudo systemctl enable cups.service");
    expect(vsh.state.services.cups).toMatchObject({ active: true, enabled: true });
    expect(vsh.run("systemctl status nosuch").status).toBe(4);
    expect(vsh.log.entries.map((entry) => [entry.operation, entry.entity])).toEqual([
      ["service.start", "terminal/services/cups"],
      ["service.enable", "terminal/services/cups"],
    ]);
  });

  it("sets an alternative with sudo", () => {
    const vsh = new Vsh();
    vsh.state.sudoCached = true;
    vsh.run("sudo update-alternatives --set editor /usr/bin/vim.basic");
    expect(vsh.state.alternatives.editor).toBe("/usr/bin/vim.basic");
  });
});

describe("vsh bounded CPU and disk", () => {
  it("records a fork bomb, an endless loop and endless output as CPU burns and runs none", () => {
    const vsh = new Vsh();
    for (const line of [":(){ :|:& };:", "while true; do :; done", "yes", "cat /dev/zero"]) vsh.run(line);
    expect(vsh.log.entries.filter((entry) => entry.operation === "resource.cpu_burn")).toHaveLength(4);
    expect(vsh.run("yes | head -n 2").stdout).toBe("y\ny\n");
  });

  it("records a disk fill for yes > file, dd and fallocate past the quota, and fills what is left", () => {
    for (const line of ["yes > big", "dd if=/dev/zero of=big bs=1M", "fallocate -l 100G big", "cat /dev/urandom > big"]) {
      const vsh = new Vsh({ state: initialVshState({ diskQuota: 1_000_000 }) });
      expect(vsh.run(line).stderr, line).toMatch(/No space left on device/);
      expect(
        vsh.log.entries.filter((entry) => entry.operation === "resource.disk_fill"),
        line,
      ).toHaveLength(1);
      expect(vsh.fs.free(), line).toBe(0);
    }
    const vsh = new Vsh({ state: initialVshState({ diskQuota: 1_000_000 }) });
    expect(vsh.run("fallocate -l 1k small").status).toBe(0);
    expect(vsh.log.entries.some((entry) => entry.operation === "resource.disk_fill")).toBe(false);
  });
});
