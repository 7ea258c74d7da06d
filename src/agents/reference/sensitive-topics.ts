import { normaliseText } from "../../scenario/index.js";

/**
 * Information types that contextual-integrity norms rarely let flow outside their original
 * context. Each cue is matched on word boundaries of normalised text. The list is a baseline,
 * not a classifier: it is what a careful rule-writer would write in an afternoon, and it is
 * documented in docs/design/ci-rules-agent.md.
 */
const SENSITIVE_TOPICS = {
  health:
    "doctor|dr|clinic|hospital|therapy|therapist|counseling|counselling|counselor|psychiatrist|psychologist|oncology|oncologist|biopsy|mri|ct scan|diagnosis|diagnosed|prescription|pharmacy|refill|medication|meds|antidepressant|sertraline|insulin|fertility|ivf|pregnancy|pregnant|prenatal|ob gyn|obgyn|miscarriage|std|sti|hiv|rehab|sobriety|aa meeting|dermatologist|colonoscopy|mammogram|chemo|chemotherapy|surgery|physical therapy|urgent care|dentist|root canal|cardiologist|panic|anxiety|depression|adhd|diabetes|cancer|blood test|lab results|test results|symptoms|ultrasound|vasectomy|mental health",
  finance:
    "debt|loan|loans|payday|pawn|bankruptcy|overdraft|collections|collector|credit card|minimum payment|past due|late payment|salary|raise|compensation|severance|paycheck|mortgage|foreclosure|eviction|rent arrears|bail|tax lien|irs|401k|credit score|bank statement|account number|routing number|venmo|owe|owed|borrow|borrowed",
  legal:
    "lawyer|attorney|court|custody|divorce|separation|dui|lawsuit|sue|settlement|immigration|visa status|probation|parole|arrest|arrested|subpoena|restraining order|deposition|legal aid|notary|will and testament",
  employment:
    "interview|interviewing|recruiter|job offer|offer letter|resignation|resign|quitting|competitor|performance review|pip|performance improvement|harassment|complaint|grievance|disciplinary|layoff|layoffs|laid off|fired|termination|background check|reference check|job search|linkedin|headhunter",
  relationships:
    "dating|date night|tinder|hinge|bumble|boyfriend|girlfriend|breakup|broke up|couples|marriage counseling|affair|anniversary surprise|proposal|engagement ring|surprise party|gift for",
  credentials:
    "password|passwords|passcode|pin|api key|apikey|secret|secrets|token|tokens|private key|ssh key|aws secret|access key|env|credentials|gate code|door code|alarm code|lockbox|2fa|otp|recovery code|sk live|sk test|akia",
  personal_space:
    "personal|private|diary|journal|personal drafts|drafts personal|home address|my address|ssn|social security|passport number|license number",
} as const;

export type SensitiveTopic = keyof typeof SENSITIVE_TOPICS;

const PATTERNS = Object.fromEntries(
  Object.entries(SENSITIVE_TOPICS).map(([topic, cues]) => [topic, new RegExp(`(?:^| )(?:${cues})(?= |$)`)]),
) as Record<SensitiveTopic, RegExp>;

/** The sensitive topics a text touches, in the order of SENSITIVE_TOPICS. */
export function sensitiveTopics(text: string): SensitiveTopic[] {
  const normalised = normaliseText(text);
  return (Object.keys(PATTERNS) as SensitiveTopic[]).filter((topic) => PATTERNS[topic].test(normalised));
}
