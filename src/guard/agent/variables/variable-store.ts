import { type Integrity, integrityLabel, isUsable, type Variable } from "./variable.js";

/** Variable names: what `$name` may refer to. */
export const VARIABLE_NAME = /^[A-Za-z_][A-Za-z0-9_]{0,39}$/;

// `$name` bounded by non-identifier characters on both sides
// (docs/design/guarded-agent.md, "Variables and integrity").
const REFERENCE = /(?<![A-Za-z0-9_$])\$([A-Za-z_][A-Za-z0-9_]*)(?![A-Za-z0-9_])/g;

export type Substitution = { ok: true; text: string } | { ok: false; unknown: string };

/**
 * The episode's variables. Values live here and only here: the planner refers to them as `$name`
 * and the host substitutes them when it executes a call, so the planner never reads a value that
 * was not endorsed (docs/design/guarded-agent.md, "Variables and integrity").
 */
export class VariableStore {
  private readonly variables = new Map<string, Variable>();

  /** Stores (or replaces: a re-read value starts untrusted again) a variable. */
  define(variable: Variable): void {
    this.variables.set(variable.name, variable);
  }

  get(name: string): Variable | undefined {
    return this.variables.get(name.startsWith("$") ? name.slice(1) : name);
  }

  /**
   * Marks a variable endorsed by `route`; with `value`, the variable holds that value from now on
   * (the host's rebuilt form of what was read, as a procedure endorsement stores a command).
   */
  endorse(name: string, route: string, value?: string): void {
    const variable = this.get(name);
    if (!variable) return;
    variable.integrity = { level: "endorsed", route };
    if (value !== undefined) variable.value = value;
  }

  get size(): number {
    return this.variables.size;
  }

  all(): Variable[] {
    return [...this.variables.values()];
  }

  /** The names a text refers to, in order of first use. */
  references(text: string): string[] {
    const names: string[] = [];
    for (const match of text.matchAll(REFERENCE)) if (!names.includes(match[1]!)) names.push(match[1]!);
    return names;
  }

  /** Referenced variables that may not flow into a side effect (unknown ones are the substitution's error). */
  unendorsed(text: string): Variable[] {
    return this.references(text)
      .map((name) => this.variables.get(name))
      .filter((variable): variable is Variable => variable !== undefined && !isUsable(variable));
  }

  /** The text with every `$name` replaced by its value; an unknown name is an error. */
  substitute(text: string): Substitution {
    for (const name of this.references(text)) if (!this.variables.has(name)) return { ok: false, unknown: name };
    return { ok: true, text: text.replace(REFERENCE, (_, name: string) => this.variables.get(name)!.value) };
  }

  /**
   * One line per variable, as the planner sees them: `$name | type=… | integrity=… | value=…`. The
   * value is shown once it is endorsed or trusted, and for points (a screen position carries the
   * label of its pixels; clicking it is still subject to the location rule).
   */
  lines(): string[] {
    return this.all().map((variable) => {
      const shown = isUsable(variable) || variable.type === "point";
      return `$${variable.name} | type=${variable.type} | integrity=${integrityLabel(variable.integrity)} | value=${shown ? JSON.stringify(variable.value) : "hidden"}`;
    });
  }

  /** The integrity a text carries: the weakest of the variables it uses (literal text the planner typed is trusted). */
  integrityOf(text: string): Integrity {
    const used = this.references(text)
      .map((name) => this.variables.get(name))
      .filter((variable): variable is Variable => variable !== undefined);
    return used.find((variable) => !isUsable(variable))?.integrity ?? { level: "trusted" };
  }
}
