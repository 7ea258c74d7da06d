import type { ModelClient, ModelContentPart, ModelRequest, ModelResponse } from "../../../models/index.js";

/** Every text a request carries, in order: the system prompt, then each message's text parts. */
export function requestTexts(request: ModelRequest, roles: ReadonlyArray<"user" | "assistant"> = ["user"]): string[] {
  const texts = request.system ? [request.system] : [];
  for (const message of request.messages) {
    if (!roles.includes(message.role)) continue;
    if (typeof message.content === "string") texts.push(message.content);
    else for (const part of message.content) if (part.type === "text") texts.push(part.text);
  }
  return texts;
}

/** Every image the user messages of a request carry, decoded, in order: what a planner model is shown. */
export function requestImages(request: ModelRequest): Buffer[] {
  const images: Buffer[] = [];
  for (const message of request.messages)
    if (message.role === "user")
      for (const part of partsOf(message.content)) if (part.type === "image") images.push(Buffer.from(part.image, "base64"));
  return images;
}

function partsOf(content: string | ModelContentPart[]): ModelContentPart[] {
  return typeof content === "string" ? [{ type: "text", text: content }] : content;
}

/**
 * Token counts a scripted role reports: about four characters a token, and a flat 765 per image
 * (a 1280×800 image at high detail in OpenAI's accounting). Estimates, so that runs with scripted
 * roles show what a model in that role would read (the context the guard puts before it); they
 * are marked `simulated` and kept out of real totals. The mock server reports its own.
 */
function estimateTokens(request: ModelRequest, reply: string): { input_tokens: number; output_tokens: number } {
  let characters = request.system?.length ?? 0;
  let images = 0;
  for (const message of request.messages)
    for (const part of partsOf(message.content)) {
      if (part.type === "text") characters += part.text.length;
      else images += 1;
    }
  return { input_tokens: Math.ceil(characters / 4) + images * 765, output_tokens: Math.ceil(reply.length / 4) };
}

/**
 * A model client whose answers come from code: what the scripted roles (`gullible`, `compromised`,
 * `scripted`) are. It answers through the same contract as a real model — JSON text, the object
 * checked against the request's schema, usage — so the guarded agent runs unchanged over it.
 */
export function scriptedClient(spec: string, answer: (request: ModelRequest) => unknown): ModelClient {
  // `answer` may return a promise (the OCR planner reads the request's images first).
  return {
    spec,
    async generate(request: ModelRequest): Promise<ModelResponse> {
      const started = performance.now();
      const object: unknown = await answer(request);
      const text = JSON.stringify(object);
      const checked = request.schema ? request.schema.safeParse(object) : { success: true as const, data: object };
      const problem = checked.success ? request.check?.(checked.data) : "the scripted reply does not fit the schema";
      const tokens = estimateTokens(request, text);
      return {
        text,
        ...(problem === undefined ? { object: checked.data } : { parse_error: problem }),
        // Marked, so the estimate is shown as such and never counted as model spend.
        usage: { calls: 1, cached_calls: 0, ...tokens, simulated: true },
        cached: false,
        model: spec,
        latency_ms: Math.round((performance.now() - started) * 10) / 10,
      };
    },
  };
}
