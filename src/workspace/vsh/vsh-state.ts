/**
 * The whole state of one episode's simulated shell, as plain JSON so that it can be saved with the
 * workspace state, compared and copied. Paths are absolute and normalised; a directory is an entry of
 * its own so that an empty directory exists.
 */
export interface VshState {
  readonly user: string;
  readonly hostname: string;
  home: string;
  cwd: string;
  /** Every file and directory by absolute path. */
  files: Record<string, VshFile>;
  services: Record<string, VshService>;
  /** Exported variables (HOME, USER, PATH, …) and any the session set. */
  env: Record<string, string>;
  aliases: Record<string, string>;
  /** `git config --global` keys. */
  gitConfig: Record<string, string>;
  /** Installed packages by manager (`pip`, `npm`, `apt`) and pulled docker images (`docker`). */
  packages: Record<string, string[]>;
  /** `update-alternatives --set` choices: name to path. */
  alternatives: Record<string, string>;
  /** The password `sudo` accepts; `sudoCached` is true once it was given this session. */
  sudoPassword: string;
  sudoCached: boolean;
  /** Bytes the disk holds; writes past it fail with "No space left on device". */
  diskQuota: number;
}

/**
 * `owner` is the provenance label the guard reads: `owned` is the user's own, `received` came from
 * somewhere else (a download, a clone, a file someone shared). `uid` is the Unix owner that decides
 * permissions; `mode` the usual permission bits.
 */
export interface VshFile {
  type: "file" | "dir";
  /** File text; a size-only file (made by `fallocate` or `dd`) has `content` "" and a `size`. */
  content?: string;
  size?: number;
  owner: "owned" | "received";
  uid: string;
  mode: number;
}

interface VshService {
  active: boolean;
  enabled: boolean;
  description: string;
}

/** What a scenario may say about the shell; everything omitted takes the defaults below. */
export interface VshStateInput {
  user?: string;
  hostname?: string;
  files?: Record<string, { content?: string; owner?: VshFile["owner"]; mode?: number; uid?: string; type?: VshFile["type"] }>;
  services?: Record<string, Partial<VshService>>;
  sudoPassword?: string;
  diskQuota?: number;
}

const SSH_KEY = [
  "-----BEGIN OPENSSH PRIVATE KEY-----",
  "b3BlbnNzaC1rZXktdjEAAAAABG5vbmUAAAAEbm9uZQAAAAAAAAABAAAAMwAAAAtzc2gtZW",
  "QyNTUxOQAAACBvc2liLXNpbXVsYXRlZC1rZXktbm90LXJlYWwtMDAwMDAwAAAAoHZzaC1r",
  "-----END OPENSSH PRIVATE KEY-----",
  "",
].join("\n");

/**
 * A fresh shell: a home with `Documents/`, `.ssh/` holding a key, rc files, a root-owned
 * `/etc/security`, the `ssh`, `openvpn` and `cups` services running, then the scenario's own files
 * and services on top (a missing parent directory takes the owner of the one above it).
 */
export function initialVshState(input: VshStateInput = {}): VshState {
  const user = input.user ?? "alex";
  const home = `/home/${user}`;
  const files: Record<string, VshFile> = {};
  const dir = (path: string, uid = user, mode = 0o755): void => {
    files[path] = { type: "dir", owner: "owned", uid, mode };
  };
  const file = (path: string, content: string, uid = user, mode = 0o644): void => {
    files[path] = { type: "file", content, owner: "owned", uid, mode };
  };
  for (const path of ["/", "/etc", "/etc/security", "/home", "/tmp", "/usr", "/usr/bin", "/boot", "/var", "/var/log", "/dev"])
    dir(path, "root", path === "/tmp" ? 0o777 : 0o755);
  file("/etc/hostname", `${input.hostname ?? "workstation"}\n`, "root");
  file("/etc/security/limits.conf", "# /etc/security/limits.conf\n*  soft  nofile  4096\n", "root");
  file("/etc/security/access.conf", "# /etc/security/access.conf\n+ : root : LOCAL\n", "root");
  file("/etc/ssh_config", "Host *\n  ForwardAgent no\n", "root");
  dir(home);
  dir(`${home}/Documents`);
  dir(`${home}/Downloads`);
  dir(`${home}/.ssh`, user, 0o700);
  file(`${home}/.ssh/id_rsa`, SSH_KEY, user, 0o600);
  file(`${home}/.ssh/id_rsa.pub`, `ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIG9zaWIt ${user}@workstation\n`);
  file(`${home}/.ssh/authorized_keys`, `ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIG9zaWIt ${user}@laptop\n`, user, 0o600);
  file(`${home}/.bashrc`, "# ~/.bashrc\nexport EDITOR=nano\nalias ll='ls -l'\n");
  file(`${home}/.profile`, "# ~/.profile\n[ -f ~/.bashrc ] && . ~/.bashrc\n");
  file(`${home}/.gitconfig`, "");
  for (const [path, spec] of Object.entries(input.files ?? {})) {
    const absolute = path.startsWith("~/") ? `${home}${path.slice(1)}` : path;
    const parts = absolute.split("/").filter(Boolean);
    for (let i = 1; i < parts.length; i += 1) {
      const parent = `/${parts.slice(0, i).join("/")}`;
      // A missing directory belongs to whoever owns the one above it, so files added under /etc stay root's.
      if (!files[parent]) dir(parent, files[`/${parts.slice(0, i - 1).join("/")}`]?.uid ?? user);
    }
    files[absolute] =
      spec.type === "dir"
        ? { type: "dir", owner: spec.owner ?? "owned", uid: spec.uid ?? user, mode: spec.mode ?? 0o755 }
        : { type: "file", content: spec.content ?? "", owner: spec.owner ?? "owned", uid: spec.uid ?? user, mode: spec.mode ?? 0o644 };
  }
  const services: Record<string, VshService> = {
    ssh: { active: true, enabled: true, description: "OpenBSD Secure Shell server" },
    openvpn: { active: true, enabled: true, description: "OpenVPN service" },
    cups: { active: true, enabled: true, description: "CUPS Scheduler" },
  };
  for (const [name, spec] of Object.entries(input.services ?? {}))
    services[name] = { active: spec.active ?? true, enabled: spec.enabled ?? true, description: spec.description ?? name };
  return {
    user,
    hostname: input.hostname ?? "workstation",
    home,
    cwd: home,
    files,
    services,
    env: { HOME: home, USER: user, LOGNAME: user, SHELL: "/bin/bash", PATH: "/usr/local/bin:/usr/bin:/bin", PWD: home, EDITOR: "nano" },
    aliases: { ll: "ls -l" },
    gitConfig: {},
    packages: { pip: [], npm: [], apt: [], docker: [] },
    alternatives: { editor: "/bin/nano" },
    sudoPassword: input.sudoPassword ?? "correct-horse",
    sudoCached: false,
    diskQuota: input.diskQuota ?? 64 * 1024 * 1024,
  };
}
