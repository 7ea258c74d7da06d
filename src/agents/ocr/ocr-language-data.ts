import { existsSync } from "node:fs";
import { createRequire } from "node:module";
import { join } from "node:path";
import { InputError } from "../../core/index.js";

/** The npm package that ships Tesseract's English model (the one language the workspace is written in). */
const OCR_LANGUAGE_PACKAGE = "@tesseract.js-data/eng";

/**
 * The folder holding `eng.traineddata.gz`, from the installed data package. tesseract.js fetches
 * the model from a CDN when it is given no path; an evaluation must not depend on the network, so a
 * missing package is a missing prerequisite (an `InputError`), never a download.
 */
export function ocrLanguagePath(resolve: (name: string) => unknown = createRequire(import.meta.url)): string {
  let data: unknown;
  try {
    data = resolve(OCR_LANGUAGE_PACKAGE);
  } catch {
    data = undefined;
  }
  const langPath = (data as { langPath?: unknown } | undefined)?.langPath;
  if (typeof langPath !== "string" || !existsSync(join(langPath, "eng.traineddata.gz")))
    throw new InputError(
      `the OCR language data is not installed: install the npm package ${OCR_LANGUAGE_PACKAGE} (nothing is downloaded at run time)`,
      { file: OCR_LANGUAGE_PACKAGE },
    );
  return langPath;
}
