import { jsonPath } from "../../core/index.js";
import type { LoadProblem } from "../load-problem.js";

/** A step of a JSON path: an object key or an array index. */
type PathSegment = string | number;
export type Path = readonly PathSegment[];

/** Collects the problems of one record, each pinned to the file and to a JSON path in the raw record. */
export class ProblemSink {
  readonly list: LoadProblem[] = [];

  constructor(readonly file: string) {}

  error(path: Path, message: string): void {
    this.list.push({ file: this.file, path: jsonPath(path), message, severity: "error" });
  }

  warn(path: Path, message: string): void {
    this.list.push({ file: this.file, path: jsonPath(path), message, severity: "warning" });
  }

  get hasErrors(): boolean {
    return this.list.some((problem) => problem.severity === "error");
  }
}
