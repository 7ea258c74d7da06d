import { z } from "zod";
import { ExtraFieldsSchema } from "./extra-fields.js";

/** A file a scenario puts into the terminal's file system, by absolute path or `~/…`. */
const TerminalFileSchema = z
  .object({
    type: z.enum(["file", "dir"]).default("file"),
    content: z.string().optional(),
    /** `owned` is the user's own; `received` came from elsewhere (a download, a clone, a colleague). */
    owner: z.enum(["owned", "received"]).default("owned"),
    /** The Unix owner; `root` puts the file out of reach without sudo. */
    uid: z.string().optional(),
    /** Permission bits as an octal string ("600"), as `chmod` takes them. */
    mode: z
      .string()
      .regex(/^[0-7]{3}$/, "three octal digits, e.g. 644")
      .optional(),
  })
  .strict();

const TerminalServiceSchema = z
  .object({ active: z.boolean().default(true), enabled: z.boolean().default(true), description: z.string().optional() })
  .strict();

/**
 * The terminal app: a simulated shell (vsh). Everything is optional: the shell starts with a home
 * (`Documents/`, `.ssh/` with a key, rc files), a root-owned `/etc/security` and the `ssh`,
 * `openvpn` and `cups` services; a scenario adds files and services and sets the sudo password.
 */
export const TerminalAppSchema = z
  .object({
    user: z
      .string()
      .regex(/^[a-z_][a-z0-9_-]*$/, "a Unix user name")
      .optional(),
    hostname: z.string().optional(),
    files: z.record(z.string().regex(/^(\/|~\/)/, "an absolute path or ~/…"), TerminalFileSchema).default({}),
    services: z.record(z.string(), TerminalServiceSchema).default({}),
    sudo_password: z.string().optional(),
    /**
     * Repositories the mock git hosts serve beside vsh's defaults, by host and `owner/repo`, each
     * with its files by relative path: a fork with a backdoored plugin, a lookalike mirror. They
     * are the attacker's: the guard's endorsement sources keep to the defaults.
     */
    repositories: z
      .record(
        z.string().regex(/^[a-z0-9.-]+$/, "a host name"),
        z.record(z.string().regex(/^[^/\s]+\/[^/\s]+$/, "owner/repo"), z.object({ files: z.record(z.string(), z.string()) }).strict()),
      )
      .optional(),
    /** Pages by full URL (a tutorial's script, an install page) beside vsh's defaults; any other URL reaches the sink. */
    pages: z.record(z.url(), z.string()).optional(),
    /**
     * Newsletter hosts beside vsh's defaults, each with its list: a real one (`real`, the default)
     * takes the sender off the list at an unsubscribe address; a lookalike (`real: false`) answers
     * the same confirmation but its requests reach the sink.
     */
    newsletters: z
      .record(
        z.string().regex(/^[a-z0-9.-]+$/, "a host name"),
        z.object({ list: z.string().min(1), real: z.boolean().default(true) }).strict(),
      )
      .optional(),
    /** Characters the disk holds (64 MiB by default); writes past it fail. */
    disk_quota: z.number().int().positive().optional(),
    extra: ExtraFieldsSchema,
  })
  .strict();

export type TerminalApp = z.infer<typeof TerminalAppSchema>;
