import type { GuardException } from "./guard-exception.js";

/**
 * Consent banners: a fingerprinted banner's rows that passed containment are shown even where a
 * later check (echo) demoted them; the banner's text is the operator's consent-manager template.
 */
export const consentException: GuardException = {
  source: "consent",
  releases: (inputs) => inputs.consentRows,
};
