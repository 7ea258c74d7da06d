/**
 * The 24 closed "capacity" grammars (docs/design/guard.md, "Capacity grammars"): strings that
 * cannot carry an instruction because every letter in them is a keyword from a closed list. Each
 * grammar is a regular expression matched against the whole (normalised) string,
 * case-insensitively; the ASCII gate in `capacity-match.ts` runs first, so case folding never
 * touches a non-ASCII character.
 */

// Numbers: optional sign, `,` or `.` thousands grouping, optional decimal part.
const UINT = String.raw`(?:\d{1,3}(?:,\d{3})+|\d{1,3}(?:\.\d{3})+|\d+)`;
// A space also groups thousands because no-break spaces (`1 234 €`) are normalised to spaces.
const UNUM = String.raw`(?:\d{1,3}(?:,\d{3})+(?:\.\d+)?|\d{1,3}(?:\.\d{3})+(?:,\d+)?|\d{1,3}(?: \d{3})+(?:[.,]\d+)?|\d+(?:[.,]\d+)?)`;
const NUM = String.raw`[+-]?${UNUM}`;
const SUFFIX = "[kmb]";
/** The only non-ASCII characters any grammar accepts. */
export const CURRENCY_SIGNS = "$€£¥₹₩₽₺₪¢₫₴₦฿₱";
const CUR = `[${CURRENCY_SIGNS.replace("$", "\\$")}]`;
const ISO_CURRENCIES = [
  "USD",
  "EUR",
  "GBP",
  "JPY",
  "CNY",
  "INR",
  "KRW",
  "RUB",
  "TRY",
  "ILS",
  "VND",
  "UAH",
  "NGN",
  "THB",
  "PHP",
  "CHF",
  "CAD",
  "AUD",
  "NZD",
  "SEK",
  "NOK",
  "DKK",
  "PLN",
  "CZK",
  "HUF",
  "RON",
  "BGN",
  "BRL",
  "MXN",
  "ARS",
  "CLP",
  "COP",
  "PEN",
  "ZAR",
  "SGD",
  "HKD",
  "TWD",
  "MYR",
  "IDR",
  "AED",
  "SAR",
  "QAR",
  "KWD",
  "EGP",
  "PKR",
  "BDT",
  "LKR",
  "KES",
  "ISK",
];
const ISO = `(?:${ISO_CURRENCIES.join("|")})`;

const PRICE_SYMBOL = `(?:[+-]?${CUR} ?${UNUM}(?:${SUFFIX})?|[+-]?${UNUM}(?:${SUFFIX})? ?${CUR})`;

const MONTH = String.raw`(?:jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|jun(?:e)?|jul(?:y)?|aug(?:ust)?|sep(?:t(?:ember)?)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)\.?`;
const WEEKDAY = String.raw`(?:mon(?:day)?|tue(?:s(?:day)?)?|wed(?:nesday)?|thu(?:r(?:s(?:day)?)?)?|fri(?:day)?|sat(?:urday)?|sun(?:day)?)\.?`;
const DAY = String.raw`\d{1,2}(?:st|nd|rd|th)?`;
const YEAR = String.raw`\d{4}`;

const TIMEZONE = String.raw`(?:utc|gmt|z|est|edt|cst|cdt|mst|mdt|pst|pdt|akst|akdt|hst|cet|cest|eet|eest|wet|west|bst|ist|jst|kst|aest|aedt|acst|awst|nzst|nzdt|(?:utc|gmt)[+-]\d{1,2}(?::?\d{2})?)`;
const AMPM = String.raw`(?:[ap]\.?m\.?)`;
const CLOCK = String.raw`(?:\d{1,2}:\d{2}(?::\d{2})?(?: ?${AMPM})?(?: ${TIMEZONE})?|\d{1,2} ?${AMPM}(?: ${TIMEZONE})?)`;

const ISO_DATE = String.raw`(?:\d{4}-\d{2}-\d{2}(?:[t ]\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:z|[+-]\d{2}:?\d{2})?)?)`;
const NUMERIC_DATE = String.raw`(?:\d{1,2}[/.-]\d{1,2}[/.-](?:\d{4}|\d{2})|\d{4}/\d{1,2}/\d{1,2})`;
const NAMED_DATE_CORE = `(?:(?:${WEEKDAY},? )?${MONTH} ${DAY}(?:,? ${YEAR})?|(?:${WEEKDAY},? )?${DAY} ${MONTH}(?:,? ${YEAR})?|${MONTH} ${YEAR}|${WEEKDAY})`;
const NAMED_DATE = `(?:${NAMED_DATE_CORE}(?:,? (?:at )?${CLOCK})?)`;

const TIME_UNIT_WORD = String.raw`(?:seconds?|secs?|minutes?|mins?|hours?|hrs?|days?|weeks?|wks?|months?|mos?|years?|yrs?)`;
const TIME_UNIT_SHORT = "(?:ms|s|m|h|d|w|y)";
const RELATIVE = String.raw`(?:(?:\d+|an?|one) ?${TIME_UNIT_WORD} ago|\d+${TIME_UNIT_SHORT} ago|in (?:\d+|an?|one) ${TIME_UNIT_WORD}|yesterday|today|tomorrow|just now|now|(?:last|next|this) (?:week|month|year))`;

const DURATION_PART = `(?:${UNUM} ?(?:${TIME_UNIT_WORD}|${TIME_UNIT_SHORT}|hr))`;
const DURATION = String.raw`(?:${DURATION_PART}(?:,? ${DURATION_PART})*(?: read)?|\d{1,3}:\d{2}:\d{2})`;

const SIZE_UNIT = "(?:b|kb|mb|gb|tb|pb|kib|mib|gib|tib|bytes?)";
const DISTANCE_UNIT = "(?:km|m|cm|mm|mi|ft|yd|in|miles?|meters?|metres?|kilometers?|kilometres?|feet|yards?|inch(?:es)?)";
const AREA_UNIT = "(?:m2|km2|sq ?(?:ft|m|km|mi|yd)|ha|hectares?|acres?)";

const COUNTED_NOUNS = [
  "comments?",
  "repl(?:y|ies)",
  "votes?",
  "points?",
  "likes?",
  "views?",
  "stars?",
  "forks?",
  "issues?",
  "commits?",
  "branch(?:es)?",
  "tags?",
  "members?",
  "items?",
  "results?",
  "reviews?",
  "ratings?",
  "files?",
  "pages?",
  "answers?",
  "followers?",
  "subscribers?",
  "downloads?",
  "watchers?",
  "participants?",
  "attendees?",
  "messages?",
  "tickets?",
  "jobs?",
  "guests?",
  "nights?",
  "rooms?",
  "stops?",
];
const REFERENCE_PREFIX = "(?:inv|tkt|po|order|invoice|ticket|ref|id)";

export const GRAMMAR_IDS = [
  "G1",
  "G2",
  "G3",
  "G4",
  "G5",
  "G6",
  "G7",
  "G8",
  "G9",
  "G10",
  "G11",
  "G12",
  "G13",
  "G14",
  "G15",
  "G16",
  "G17",
  "G18",
  "G19",
  "G20",
  "G21",
  "G22",
  "G23",
  "G24",
] as const;
export type GrammarId = (typeof GRAMMAR_IDS)[number];

const TEMPORAL = `(?:${ISO_DATE}|${NUMERIC_DATE}|${NAMED_DATE}|${RELATIVE}|${CLOCK}|${DURATION})`;

const SOURCES: Record<GrammarId, { name: string; source: string }> = {
  G1: { name: "price with symbol", source: PRICE_SYMBOL },
  G2: { name: "price with ISO code", source: `(?:${ISO} ?${NUM}(?:${SUFFIX})?|${NUM}(?:${SUFFIX})? ?${ISO})` },
  G3: { name: "price range", source: `${PRICE_SYMBOL} ?- ?(?:${PRICE_SYMBOL}|${UNUM})` },
  G4: { name: "plain number", source: `${NUM}(?:${SUFFIX})?` },
  G5: { name: "percentage", source: `${NUM} ?%` },
  G6: { name: "ISO date/datetime", source: ISO_DATE },
  G7: { name: "numeric date", source: NUMERIC_DATE },
  G8: { name: "named-month date", source: NAMED_DATE },
  G9: { name: "relative time", source: RELATIVE },
  G10: { name: "clock time", source: CLOCK },
  G11: { name: "duration", source: DURATION },
  G12: { name: "file size", source: `${UNUM} ?${SIZE_UNIT}` },
  G13: { name: "distance", source: `${UNUM} ?${DISTANCE_UNIT}` },
  G14: { name: "area", source: `${UNUM} ?${AREA_UNIT}` },
  G15: { name: "rating fraction", source: `${UNUM} ?(?:/ ?${UNUM}|out of ${UNUM})(?: stars?)?` },
  G16: { name: "rating count", source: `${UNUM} ?stars?` },
  G17: { name: "counted noun", source: `${UNUM}(?:${SUFFIX})? (?:${COUNTED_NOUNS.join("|")})` },
  G18: { name: "ordinal / rank", source: String.raw`(?:\d+(?:st|nd|rd|th)|#\d+)` },
  G19: { name: "page indicator", source: String.raw`(?:page )?${UINT} ?(?:of|/) ?${UINT}` },
  G20: { name: "result window", source: String.raw`(?:showing )?${UINT} ?(?:-|to) ?${UINT} of ${UINT}(?: (?:results?|items?))?` },
  G21: {
    name: "dimensions",
    source: String.raw`${UNUM}(?: ?${DISTANCE_UNIT})? ?x ?${UNUM}(?: ?${DISTANCE_UNIT})?(?: ?x ?${UNUM}(?: ?${DISTANCE_UNIT})?)?`,
  },
  G22: { name: "hash reference", source: String.raw`(?:#\d+|!\d+|(?:no|nr)\.? ?\d+)` },
  G23: { name: "prefixed reference", source: String.raw`${REFERENCE_PREFIX}(?:[-:#]|\.? ?|: ?)#?\d+(?:-\d+)*` },
  G24: { name: "range of dates/times/durations", source: `${TEMPORAL} ?- ?${TEMPORAL}` },
};

export const GRAMMARS: ReadonlyArray<{ id: GrammarId; name: string; pattern: RegExp }> = GRAMMAR_IDS.map((id) => ({
  id,
  name: SOURCES[id].name,
  pattern: new RegExp(`^(?:${SOURCES[id].source})$`, "i"),
}));
