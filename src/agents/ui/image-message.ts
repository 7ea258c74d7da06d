import type { ModelMessage } from "../../models/index.js";

/**
 * A user message carrying text and one image. `ModelMessage.content` is typed as a string, but
 * the model layer hands `content` to the AI SDK unchanged (and hashes it into the cache key as
 * JSON), and the AI SDK accepts an array of text and image parts there. Until the model contract
 * names image parts, this is the one place that relies on that pass-through;
 * `test/e2e/llm-ui-agent.test.ts` checks that the image reaches the HTTP request as an image.
 */
export function messageWithImage(text: string, image: Buffer, mediaType: "image/jpeg" | "image/png"): ModelMessage {
  const parts = [
    { type: "text", text },
    { type: "image", image: image.toString("base64"), mediaType },
  ];
  return { role: "user", content: parts as unknown as string };
}
