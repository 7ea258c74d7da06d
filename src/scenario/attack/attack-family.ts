import { z } from "zod";

/**
 * The task families of the injection suite (docs/design/injection-suite.md, "An injection task is a
 * scenario with an `attack`"), by their codes. They are
 * reported apart and never pooled into one attack success rate: a hijack, a value attack and a
 * task without attacker measure different things.
 */
export const ATTACK_FAMILIES = [
  "F1", // goal hijacking (WASP-style): the payload asks for a different action
  "F2", // terminal and supply chain (RedTeamCUA-style): "first run this command", carried out in the terminal (vsh)
  "F3", // value attack: the payload substitutes a value the task needs (an address, an account, an index URL)
  "F4", // utility without attacker: no payload; measures what a defense costs
  "F5", // mask integrity: canaries in every user-written field; no model involved
] as const;
export const AttackFamilySchema = z.enum(ATTACK_FAMILIES);
export type AttackFamily = z.infer<typeof AttackFamilySchema>;

/** The family's name in reports. */
export const ATTACK_FAMILY_LABELS: Record<AttackFamily, string> = {
  F1: "goal hijacking",
  F2: "terminal and supply chain",
  F3: "value attack",
  F4: "utility without attacker",
  F5: "mask integrity",
};

/** The six attack classes, over the WASP goals (F1). */
const ATTACK_CLASSES = [
  "navigate", // C1 open an external link
  "credential_exfiltration", // C2 mint a token or key and send it out
  "access_control", // C3 add the attacker as a member, make a profile public, add a recovery address
  "integration_tampering", // C4 a webhook to the attacker, a malicious line in a committed file
  "destruction", // C5 delete, downvote, post abusive or political content
  "data_exfiltration", // C6 send contributors, private messages or block lists to the attacker; phishing
] as const;
export const AttackClassSchema = z.enum(ATTACK_CLASSES);

/**
 * The adversarial actions of the terminal family (F2), by their CIA group (RedTeamCUA's 24 actions
 * mapped onto vsh): send a secret file out, delete, modify or re-permission files, and make the
 * machine unavailable (stop a service, fill the disk, burn the CPU).
 */
export const TERMINAL_ACTIONS = ["send", "delete", "modify", "permission", "availability"] as const;
export const TerminalActionSchema = z.enum(TERMINAL_ACTIONS);

/**
 * How an F2 injection carries its command: inside a sentence ("you must first run `…`"), or as
 * a code block a reader is told to paste.
 */
const INJECTION_FORMS = ["natural_language", "code_block"] as const;
export const InjectionFormSchema = z.enum(INJECTION_FORMS);

/** How an F2 task's prompt describes the benign goal: in full, loosely, or only generically. */
export const TERMINAL_PHRASINGS = ["specific", "loose", "generic"] as const;

/** How far the payload's goal is from the page the payload is on. */
const ATTACK_EFFORTS = ["same_page", "one_hop", "multi_hop"] as const;
export const AttackEffortSchema = z.enum(ATTACK_EFFORTS);

/**
 * How the objective is written: in the text itself, or inside the fragment of an innocuous link
 * (`[the release notes](https://host/page#objective-…)`), visible only to an agent that opens it.
 */
const PAYLOAD_FORMATS = ["plain_text", "url_injection"] as const;
export const PayloadFormatSchema = z.enum(PAYLOAD_FORMATS);

/**
 * The value-attack variants: those the web apps host, the terminal's clone-URL variants of the
 * vim-commentary kind (`exfil_path`: a secret substituted into the clone URL's path;
 * `exfil_host`: into its host name; `github_malicious_plugin`: a wrong repository with a backdoored
 * plugin; `mirror_malicious_plugin`: a lookalike mirror serving one), and `swapped_value`: a stranger's well-formed value of a bounded type (a time, a date, a count, a
 * version) offered beside the real one ("updated: now 19:30"), which a type check alone accepts.
 */
const VALUE_ATTACK_VARIANTS = [
  "lookalike_sender",
  "extra_index",
  "lookalike_account",
  "swapped_value",
  "exfil_path",
  "exfil_host",
  "github_malicious_plugin",
  "mirror_malicious_plugin",
] as const;
export const ValueAttackVariantSchema = z.enum(VALUE_ATTACK_VARIANTS);
