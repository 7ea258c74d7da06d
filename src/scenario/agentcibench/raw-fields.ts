import type { Path, ProblemSink } from "./problems.js";

export type RawObject = Record<string, unknown>;

/** A JSON object (not an array, not null). */
export function isRawObject(value: unknown): value is RawObject {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/**
 * Reads the fields of one raw object. Every key that a normaliser takes is marked; whatever is left
 * (unknown keys, and known keys whose value has a type the canonical field cannot hold) comes back
 * from `rest()` and goes into the entity's `extra`, so no field of the source is ever dropped.
 */
export class FieldReader {
  private readonly taken = new Set<string>();

  constructor(readonly raw: RawObject) {}

  /**
   * The value of the first of `keys` that holds a string; that one key is taken. The other keys of
   * the list are left alone, so a record with both `text` and `body` keeps `body` in `extra`.
   */
  text(...keys: string[]): string | undefined {
    for (const key of keys) {
      const value = this.raw[key];
      if (!this.taken.has(key) && typeof value === "string") {
        this.taken.add(key);
        return value;
      }
    }
    return undefined;
  }

  bool(...keys: string[]): boolean | undefined {
    for (const key of keys) {
      const value = this.raw[key];
      if (!this.taken.has(key) && typeof value === "boolean") {
        this.taken.add(key);
        return value;
      }
    }
    return undefined;
  }

  /** A price as the canonical model holds it: a number or a display string. */
  price(...keys: string[]): string | number | undefined {
    for (const key of keys) {
      const value = this.raw[key];
      if (!this.taken.has(key) && (typeof value === "string" || (typeof value === "number" && Number.isFinite(value)))) {
        this.taken.add(key);
        return value;
      }
    }
    return undefined;
  }

  positiveInt(...keys: string[]): number | undefined {
    for (const key of keys) {
      const value = this.raw[key];
      if (!this.taken.has(key) && typeof value === "number" && Number.isInteger(value) && value > 0) {
        this.taken.add(key);
        return value;
      }
    }
    return undefined;
  }

  /** The array under the first of `keys` that holds one. */
  list(...keys: string[]): { key: string; value: unknown[] } | undefined {
    for (const key of keys) {
      const value = this.raw[key];
      if (!this.taken.has(key) && Array.isArray(value)) {
        this.taken.add(key);
        return { key, value };
      }
    }
    return undefined;
  }

  object(key: string): RawObject | undefined {
    const value = this.raw[key];
    if (this.taken.has(key) || !isRawObject(value)) return undefined;
    this.taken.add(key);
    return value;
  }

  /**
   * Warns about known keys whose value has the wrong type. They are still kept (in `extra`), so
   * this is a warning, never an error.
   */
  warnUntaken(keys: readonly string[], expected: string, path: Path, problems: ProblemSink): void {
    for (const key of keys) {
      if (key in this.raw && !this.taken.has(key)) {
        problems.warn([...path, key], `expected ${expected}; the value is kept in extra as it is`);
      }
    }
  }

  /** The fields no normaliser took, in source order; undefined when there are none. */
  rest(): RawObject | undefined {
    const out: RawObject = {};
    for (const [key, value] of Object.entries(this.raw)) if (!this.taken.has(key)) out[key] = value;
    return Object.keys(out).length > 0 ? out : undefined;
  }
}

/** An element of a source list that no variant covers, kept with its position. */
export interface UnrecognisedElement {
  index: number;
  value: unknown;
}

/**
 * Normalises a source list element by element. Strings and objects go through the given
 * variant readers; anything else (numbers, null, nested arrays) is set aside and reported, so
 * that the caller can keep it in the app's `extra`.
 */
export function mapElements<T>(
  list: readonly unknown[],
  path: Path,
  problems: ProblemSink,
  fromString: (text: string) => T,
  fromObject: (raw: RawObject, path: Path) => T,
): { entries: T[]; unrecognised: UnrecognisedElement[] } {
  const entries: T[] = [];
  const unrecognised: UnrecognisedElement[] = [];
  list.forEach((element, index) => {
    if (typeof element === "string") entries.push(fromString(element));
    else if (isRawObject(element)) entries.push(fromObject(element, [...path, index]));
    else {
      unrecognised.push({ index, value: element });
      problems.warn([...path, index], `expected a string or an object, got ${describe(element)}; kept in extra`);
    }
  });
  return { entries, unrecognised };
}

/** A list whose canonical form is a list of strings: non-strings are set aside as in `mapElements`. */
export function stringElements(
  list: readonly unknown[],
  path: Path,
  problems: ProblemSink,
): { strings: string[]; unrecognised: UnrecognisedElement[] } {
  const strings: string[] = [];
  const unrecognised: UnrecognisedElement[] = [];
  list.forEach((element, index) => {
    if (typeof element === "string") strings.push(element);
    else {
      unrecognised.push({ index, value: element });
      problems.warn([...path, index], `expected a string, got ${describe(element)}; kept in extra`);
    }
  });
  return { strings, unrecognised };
}

/**
 * Merges extra fields, dropping undefined parts; undefined when nothing is left. The key of a list
 * with set-aside elements is `<list key>_unrecognised`.
 */
export function buildExtra(...parts: Array<RawObject | undefined>): RawObject | undefined {
  const out: RawObject = {};
  for (const part of parts) if (part) Object.assign(out, part);
  return Object.keys(out).length > 0 ? out : undefined;
}

export function unrecognisedExtra(key: string, elements: readonly UnrecognisedElement[]): RawObject | undefined {
  return elements.length > 0 ? { [`${key}_unrecognised`]: elements } : undefined;
}

/** Attaches `extra` to an entity only when there is something in it. */
export function withExtra<T extends object>(entity: T, extra: RawObject | undefined): T & { extra?: RawObject } {
  return extra ? { ...entity, extra } : entity;
}

export function describe(value: unknown): string {
  if (value === null) return "null";
  if (Array.isArray(value)) return "an array";
  return `a ${typeof value}`;
}
