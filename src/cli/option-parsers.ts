import { InvalidArgumentError } from "commander";

export function positiveInt(value: string): number {
  const parsed = Number(value);
  if (!Number.isInteger(parsed) || parsed < 1) throw new InvalidArgumentError("expected a whole number ≥ 1");
  return parsed;
}

export function nonNegativeInt(value: string): number {
  const parsed = Number(value);
  if (!Number.isInteger(parsed) || parsed < 0) throw new InvalidArgumentError("expected a whole number ≥ 0");
  return parsed;
}

/** For variadic options: `--agent a --agent b` and `--agent a,b` both give ["a", "b"]. */
export function collectList(value: string, previous: string[] | undefined): string[] {
  return [
    ...(previous ?? []),
    ...value
      .split(",")
      .map((part) => part.trim())
      .filter(Boolean),
  ];
}
