/** The provider-options key of our openai-compatible provider instances. */
export const COMPATIBLE_PROVIDER_NAME = "compat";
