import { DEFAULT_OPENAI_MODEL, loadConfig } from "../config";
import { createPointBotEngine } from "./engineFactory";

describe("PointBot engine choice at start-up", () => {
  it("is the local engine without OPENAI_API_KEY, or with an empty one", () => {
    for (const env of [{}, { OPENAI_API_KEY: "" }, { OPENAI_API_KEY: "   " }]) {
      const engine = createPointBotEngine(loadConfig(env));
      expect(engine.kind).toBe("local");
      expect(engine.label).toBe("PointBot (local)");
    }
  });

  it("is the OpenAI-compatible engine with a key, labelled with the model (default gpt-4o-mini)", () => {
    expect(DEFAULT_OPENAI_MODEL).toBe("gpt-4o-mini");
    const byDefault = createPointBotEngine(loadConfig({ OPENAI_API_KEY: "sk-x" }));
    expect(byDefault.kind).toBe("openai");
    expect(byDefault.label).toBe("gpt-4o-mini");
    const azure = loadConfig({
      OPENAI_API_KEY: "sk-x",
      OPENAI_BASE_URL: "https://example.openai.azure.com/openai/v1",
      OPENAI_MODEL: "my-deployment",
    });
    expect(createPointBotEngine(azure).label).toBe("my-deployment");
    expect(azure.ai).toMatchObject({ timeoutMs: 20_000, maxTokens: 2_000, rateLimitPerMinute: 30 });
  });

  it("refuses a malformed OPENAI_BASE_URL or timeout", () => {
    expect(() => loadConfig({ OPENAI_BASE_URL: "not a url" })).toThrow(/OPENAI_BASE_URL/);
    expect(() => loadConfig({ OPENAI_TIMEOUT_MS: "-1" })).toThrow(/OPENAI_TIMEOUT_MS/);
  });
});
