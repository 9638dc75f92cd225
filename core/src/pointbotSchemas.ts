import { z } from "zod";
import { maxChars, minChars } from "./messages";
import { text } from "./text";

/** Uncertainty of an estimate (spec part 2 section 3, estimationFactors.uncertainty). */
export const UNCERTAINTY_LEVELS = ["low", "medium", "high"] as const;
/** Priority of an analysed story (spec part 2 section 3, metadata.priority). */
export const ANALYSIS_PRIORITIES = ["critical", "high", "medium", "low"] as const;

const list = z.array(z.string());

/**
 * The enhanced description analysis, exactly as spec part 2 section 3 shapes it:
 * `description {detailedDescription, executiveSummary, userStory {as, want, soThat},
 * acceptanceCriteria, requirements {functional, nonFunctional, businessRules}, technicalContext
 * {components, apis, databases, services}, implementationHints {approach, patterns,
 * considerations, risks}, estimationFactors {complexity, uncertainty, effort, skills}}` and
 * `metadata {priority, completenessScore, clarityScore}` (scores are whole numbers 0-100).
 * Strict objects (no extra keys), so the same schema is the OpenAI structured-output schema
 * (`z.toJSONSchema`, every field required) and the parser of its answer (issue #9 section 1).
 */
export const storyAnalysisSchema = z.strictObject({
  description: z.strictObject({
    detailedDescription: z.string(),
    executiveSummary: z.string(),
    userStory: z.strictObject({ as: z.string(), want: z.string(), soThat: z.string() }),
    acceptanceCriteria: list,
    requirements: z.strictObject({ functional: list, nonFunctional: list, businessRules: list }),
    technicalContext: z.strictObject({ components: list, apis: list, databases: list, services: list }),
    implementationHints: z.strictObject({ approach: z.string(), patterns: list, considerations: list, risks: list }),
    estimationFactors: z.strictObject({
      complexity: z.string(),
      uncertainty: z.enum(UNCERTAINTY_LEVELS),
      effort: z.string(),
      skills: list,
    }),
  }),
  metadata: z.strictObject({
    priority: z.enum(ANALYSIS_PRIORITIES),
    completenessScore: z.number().int().min(0).max(100),
    clarityScore: z.number().int().min(0).max(100),
  }),
});
/** One enhanced description analysis (spec part 2 section 3). */
export type StoryAnalysis = z.infer<typeof storyAnalysisSchema>;

/** Criteria suggestions for an existing story (issue #9 section 2, generate-criteria): 1-10 new criteria. */
export const criteriaSuggestionsSchema = z.strictObject({ suggestions: z.array(z.string()) });
/** PointBot's criteria suggestions. */
export type CriteriaSuggestions = z.infer<typeof criteriaSuggestionsSchema>;

/**
 * POST /api/stories/generate-enhanced-description body (spec part 2 section 7): a non-blank
 * title of at most 200 characters ("Please enter a story title first." when blank, spec part 2
 * section 5), an optional description of at most 5000, and an optional `sessionId` through
 * which a guest participant of that session is authenticated (issue #9 section 1).
 */
export const enhancedDescriptionRequestSchema = z.object({
  title: text("Title", { error: "Please enter a story title first.", max: 200 })
    .trim()
    .min(1, "Please enter a story title first.")
    .max(200, maxChars(200)),
  description: text("Description", { max: 5000 }).nullable().optional(),
  sessionId: text("Session").trim().min(1, minChars(1)).optional(),
});
/** A validated generate-enhanced-description request. */
export type EnhancedDescriptionRequest = z.infer<typeof enhancedDescriptionRequestSchema>;
