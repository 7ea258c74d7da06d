/**
 * The closed list of ISO 4217 codes a `money` value may carry
 * (docs/design/guarded-agent.md, "Answer types and verifiers"), the digits of each code's minor
 * unit, and the currency signs that name a code.
 *
 * Source: the union of Debian's iso-codes 4.15.0 (`iso_4217.json`) and the currencies of Node's
 * ICU (`Intl.supportedValuesOf("currency")`, which adds XCG and ZWG, issued 2024–25), minus what
 * is not money a page prices things in: fund codes (BOV, CHE, CHW, CLF, COU, MXV, USN, UYI, UYW),
 * precious metals (XAG, XAU, XPD, XPT), bond-market units (XBA–XBD), XDR, XSU, XUA, the test code
 * XTS and XXX. Recently withdrawn codes (HRK, CUC, SLL, ZWL, ANG) stay: an old receipt still shows
 * them, and a code that names a real past currency cannot be confused with another.
 */
// biome-ignore format: sixteen codes a line, to check against the source at a glance
export const CURRENCY_CODES = [
  "AED", "AFN", "ALL", "AMD", "ANG", "AOA", "ARS", "AUD", "AWG", "AZN", "BAM", "BBD", "BDT", "BGN", "BHD", "BIF",
  "BMD", "BND", "BOB", "BRL", "BSD", "BTN", "BWP", "BYN", "BZD", "CAD", "CDF", "CHF", "CLP", "CNY", "COP", "CRC",
  "CUC", "CUP", "CVE", "CZK", "DJF", "DKK", "DOP", "DZD", "EGP", "ERN", "ETB", "EUR", "FJD", "FKP", "GBP", "GEL",
  "GHS", "GIP", "GMD", "GNF", "GTQ", "GYD", "HKD", "HNL", "HRK", "HTG", "HUF", "IDR", "ILS", "INR", "IQD", "IRR",
  "ISK", "JMD", "JOD", "JPY", "KES", "KGS", "KHR", "KMF", "KPW", "KRW", "KWD", "KYD", "KZT", "LAK", "LBP", "LKR",
  "LRD", "LSL", "LYD", "MAD", "MDL", "MGA", "MKD", "MMK", "MNT", "MOP", "MRU", "MUR", "MVR", "MWK", "MXN", "MYR",
  "MZN", "NAD", "NGN", "NIO", "NOK", "NPR", "NZD", "OMR", "PAB", "PEN", "PGK", "PHP", "PKR", "PLN", "PYG", "QAR",
  "RON", "RSD", "RUB", "RWF", "SAR", "SBD", "SCR", "SDG", "SEK", "SGD", "SHP", "SLE", "SLL", "SOS", "SRD", "SSP",
  "STN", "SVC", "SYP", "SZL", "THB", "TJS", "TMT", "TND", "TOP", "TRY", "TTD", "TWD", "TZS", "UAH", "UGX", "USD",
  "UYU", "UZS", "VED", "VES", "VND", "VUV", "WST", "XAF", "XCD", "XCG", "XOF", "XPF", "YER", "ZAR", "ZMW", "ZWG",
  "ZWL",
] as const;
export type CurrencyCode = (typeof CURRENCY_CODES)[number];

const CODES: ReadonlySet<string> = new Set(CURRENCY_CODES);

export function isCurrencyCode(value: string): value is CurrencyCode {
  return CODES.has(value);
}

// ISO 4217 minor units that are not 2 (the list's own column, not CLDR's display digits, which
// drop decimals some currencies still have on paper: CLDR shows IQD with 0, ISO says 3).
const ZERO_DECIMALS = new Set("BIF CLP DJF GNF ISK JPY KMF KRW PYG RWF UGX VND VUV XAF XOF XPF".split(" "));
const THREE_DECIMALS = new Set("BHD IQD JOD KWD LYD OMR TND".split(" "));

/** Digits after the decimal point in the currency's minor unit (ISO 4217). */
export function minorUnitDigits(code: CurrencyCode): number {
  if (ZERO_DECIMALS.has(code)) return 0;
  if (THREE_DECIMALS.has(code)) return 3;
  return 2;
}

/**
 * The codes each currency sign can denote. Only the signs the capacity grammars know
 * (docs/design/guard.md, "Capacity grammars") are read at all; letter symbols (`kr`, `zł`, `R$`)
 * are not, because letters next to an amount are exactly what the bounded grammar keeps out. A sign
 * with one candidate names its code; the others ($, £, ¥, ₩, ₱) name a code only when the
 * constraint's `currencies` leaves one candidate, and `¢` (a fraction of some unit) never does.
 */
export const SIGN_CANDIDATES: Readonly<Record<string, readonly CurrencyCode[]>> = {
  // Currencies whose own notation is a bare "$" (national usage, not the "US$"-style prefixes).
  // biome-ignore format: same layout as the code list
  $: [
    "USD", "ARS", "AUD", "BBD", "BMD", "BND", "BSD", "BZD", "CAD", "CLP", "COP", "CUP", "DOP", "FJD", "GYD", "HKD",
    "JMD", "KYD", "LRD", "MXN", "NAD", "NZD", "SBD", "SGD", "SRD", "TTD", "TWD", "UYU", "XCD",
  ],
  "£": ["GBP", "EGP", "FKP", "GIP", "SHP", "SSP"],
  "¥": ["JPY", "CNY"],
  "₩": ["KRW", "KPW"],
  "₱": ["PHP", "CUP"],
  "¢": [],
  "€": ["EUR"],
  "₹": ["INR"],
  "₽": ["RUB"],
  "₺": ["TRY"],
  "₪": ["ILS"],
  "₫": ["VND"],
  "₴": ["UAH"],
  "₦": ["NGN"],
  "฿": ["THB"],
};

/**
 * The code a sign names, given the currencies the planner declared (or none): the one candidate
 * left, or null when none or several are. Symbols that resolve alone (€) must still be in the
 * declared list when there is one.
 */
export function currencyForSign(sign: string, declared: readonly string[] | undefined): CurrencyCode | null {
  if (!Object.hasOwn(SIGN_CANDIDATES, sign)) return null;
  const candidates = SIGN_CANDIDATES[sign]!;
  const left = declared === undefined ? candidates : candidates.filter((code) => declared.includes(code));
  return left.length === 1 ? left[0]! : null;
}
