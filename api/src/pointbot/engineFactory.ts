import type { Config } from "../config";
import { LocalPointBotEngine } from "./localEngine";
import { OpenAiPointBotEngine } from "./openaiEngine";
import type { PointBotEngine } from "./port";

/**
 * PointBot's engine for this process, chosen once at start-up (issue #9 section 1):
 * OPENAI_API_KEY set -> the OpenAI-compatible engine (OPENAI_BASE_URL, OPENAI_MODEL), else
 * the local engine (offline, deterministic).
 */
export function createPointBotEngine(config: Config): PointBotEngine {
  const { openaiApiKey } = config.ai;
  return openaiApiKey ? new OpenAiPointBotEngine({ ...config.ai, openaiApiKey }) : new LocalPointBotEngine();
}
