/**
 * What a shell command may do, as the planner declares it for its task and as the program table
 * says each program needs (docs/design/guarded-agent.md, "Registries, listings and procedures").
 * `priv` is running as root (`sudo`); `exec.code` is running code someone else wrote (a container).
 */
export const CAPABILITIES = [
  "net.download",
  "net.upload",
  "fs.read",
  "fs.write",
  "fs.delete",
  "fs.perm",
  "pkg.user",
  "pkg.system",
  "sys.service",
  "sys.config",
  "priv",
  "exec.code",
] as const;
export type Capability = (typeof CAPABILITIES)[number];

const NAMES: ReadonlySet<string> = new Set(CAPABILITIES);

export function isCapability(name: string): name is Capability {
  return NAMES.has(name);
}
