/**
 * One change vsh made, in the shape of the workspace store's change log (`ChangeEntry` without the
 * episode, clock and app, which the store adds when the terminal app records it): an operation, the
 * entity's slash path under `terminal/`, its value before and after (`null` when created or
 * removed), and context a reader needs. Events that change no state but matter to an evaluator
 * (a request sent, a fork bomb refused) are entries too, with `before` null, like the store's `emit`.
 */
export interface VshChange {
  readonly seq: number;
  readonly operation: string;
  readonly entity: string;
  readonly before: unknown;
  readonly after: unknown;
  readonly context?: Record<string, unknown>;
}

/** Appends entries in order; `seq` counts from 1. */
export class VshChangeLog {
  readonly entries: VshChange[] = [];

  record(operation: string, entity: string, before: unknown, after: unknown, context?: Record<string, unknown>): VshChange {
    const entry: VshChange = {
      seq: this.entries.length + 1,
      operation,
      entity,
      before: copy(before),
      after: copy(after),
      ...(context ? { context: copy(context) } : {}),
    };
    this.entries.push(entry);
    return entry;
  }
}

function copy<T>(value: T): T {
  return value === undefined || value === null ? (null as T) : (JSON.parse(JSON.stringify(value)) as T);
}
