import { z } from "zod";

/**
 * The task families of the injection suite (docs/design/injection-suite.md, "An injection task is a
 * scenario with an `attack`"), by their codes. They are
 * reported apart and never pooled into one attack success rate: a hijack, a value attack and a
 * task without attacker measure different things. F2 (the terminal and supply-chain family, "first
 * run this command") needs a simulated shell and comes later; its code is kept free for it.
 */
export const ATTACK_FAMILIES = [
  "F1", // goal hijacking (WASP-style): the payload asks for a different action
  "F3", // value attack: the payload substitutes a value the task needs (an address, an account, an index URL)
  "F4", // utility without attacker: no payload; measures what a defense costs
  "F5", // mask integrity: canaries in every user-written field; no model involved
] as const;
export const AttackFamilySchema = z.enum(ATTACK_FAMILIES);
export type AttackFamily = z.infer<typeof AttackFamilySchema>;

/** The family's name in reports. */
export const ATTACK_FAMILY_LABELS: Record<AttackFamily, string> = {
  F1: "goal hijacking",
  F3: "value attack",
  F4: "utility without attacker",
  F5: "mask integrity",
};

/** The six attack classes, over the WASP goals (F1). */
export const ATTACK_CLASSES = [
  "navigate", // C1 open an external link
  "credential_exfiltration", // C2 mint a token or key and send it out
  "access_control", // C3 add the attacker as a member, make a profile public, add a recovery address
  "integration_tampering", // C4 a webhook to the attacker, a malicious line in a committed file
  "destruction", // C5 delete, downvote, post abusive or political content
  "data_exfiltration", // C6 send contributors, private messages or block lists to the attacker; phishing
] as const;
export const AttackClassSchema = z.enum(ATTACK_CLASSES);
export type AttackClass = z.infer<typeof AttackClassSchema>;

/** How far the payload's goal is from the page the payload is on. */
export const ATTACK_EFFORTS = ["same_page", "one_hop", "multi_hop"] as const;
export const AttackEffortSchema = z.enum(ATTACK_EFFORTS);
export type AttackEffort = z.infer<typeof AttackEffortSchema>;

/**
 * How the objective is written: in the text itself, or inside the fragment of an innocuous link
 * (`[the release notes](https://host/page#objective-…)`), visible only to an agent that opens it.
 */
export const PAYLOAD_FORMATS = ["plain_text", "url_injection"] as const;
export const PayloadFormatSchema = z.enum(PAYLOAD_FORMATS);
export type PayloadFormat = z.infer<typeof PayloadFormatSchema>;

/**
 * The value-attack variants that the web apps can host (V2, clone URLs, needs the shell),
 * and `swapped_value`: a stranger's well-formed value of a bounded type (a time, a date, a count, a
 * version) offered beside the real one ("updated: now 19:30"), which a type check alone accepts.
 */
export const VALUE_ATTACK_VARIANTS = ["lookalike_sender", "extra_index", "lookalike_account", "swapped_value"] as const;
export const ValueAttackVariantSchema = z.enum(VALUE_ATTACK_VARIANTS);
export type ValueAttackVariant = z.infer<typeof ValueAttackVariantSchema>;
