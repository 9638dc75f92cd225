import type { Config } from "../config";
import { LocalPointBotEngine } from "./localEngine";
import type { PointBotEngine } from "./port";

/**
 * PointBot's engine for this process, chosen once at start-up (issue #9 section 1):
 * OPENAI_API_KEY set -> the OpenAI-compatible engine (OPENAI_BASE_URL, OPENAI_MODEL), else
 * the local engine (offline, deterministic). The OpenAI SDK is loaded only in the first case
 * (issue #10: 6 MB resident and 0.4 s of start-up for a server that never calls it).
 */
export function createPointBotEngine(config: Config): PointBotEngine {
  const { openaiApiKey } = config.ai;
  if (!openaiApiKey) return new LocalPointBotEngine();
  const { OpenAiPointBotEngine } = require("./openaiEngine") as typeof import("./openaiEngine");
  return new OpenAiPointBotEngine({ ...config.ai, openaiApiKey });
}
