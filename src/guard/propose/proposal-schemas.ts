import { z } from "zod";

/**
 * The replies of the four proposal calls (docs/design/rule-proposal.md, "The four calls"). Each is
 * a closed object, so a reply with extra fields is invalid rather than half-read. Rules travel as
 * plain objects here and are then validated by `parseRuleSet` (the rule language's own strict
 * schemas): a rule that does not parse makes the reply invalid, like JSON that does not parse.
 */
export const SitePriorSchema = z
  .object({
    operator: z.string(),
    ugc_channels: z.array(z.string()),
    notes: z.string(),
  })
  .strict();
export type SitePrior = z.infer<typeof SitePriorSchema>;

export const RuleListReplySchema = z
  .object({
    rules: z.array(z.record(z.string(), z.unknown())),
  })
  .strict();

/** Schema names: structured-output providers receive them, and scripted servers tell the calls apart by them. */
export const PROPOSAL_SCHEMA_NAMES = {
  prior: "site_prior",
  proposal: "rule_proposal",
  feedback: "rule_feedback",
  audit: "rule_audit",
} as const;

export type ProposalStep = keyof typeof PROPOSAL_SCHEMA_NAMES;
