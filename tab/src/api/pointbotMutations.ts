import type { StoryAnalysis } from "@pointwise/core/pointbotSchemas";
import { useMutation, useQuery } from "@tanstack/react-query";
import { apiRequest } from "./apiRequest";

/** What GET /api/health says about PointBot: the engine and the label its output carries. */
export interface AiEngineInfo {
  ai: "openai" | "local";
  aiLabel: string;
}

/** PointBot's engine label ("PointBot (local)" or the model's name) from GET /api/health (issue #9 section 1). */
export function useAiEngine() {
  return useQuery({
    queryKey: ["ai-engine"],
    queryFn: () => apiRequest<AiEngineInfo>("GET", "/api/health"),
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });
}

/** POST /api/stories/generate-enhanced-description {title, description, sessionId} (spec part 2 section 7). */
export function useGenerateEnhancedDescription(sessionId: string) {
  return useMutation({
    mutationFn: (input: { title: string; description: string }) =>
      apiRequest<StoryAnalysis>("POST", "/api/stories/generate-enhanced-description", {
        body: { title: input.title, description: input.description || undefined, sessionId },
      }),
  });
}
