import type { StoryAnalysis } from "@pointwise/core/pointbotSchemas";

/** Longest description the story form accepts (spec part 1 section 5). */
const MAX_DESCRIPTION = 5000;

/** Lower case, punctuation dropped, blanks collapsed: "As a user, I want X." and "as a user i want x" compare equal. */
const comparable = (text: string): string =>
  text
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s]+/gu, " ")
    .replace(/\s+/g, " ")
    .trim();

/**
 * The description "Generate with PointBot" fills in (issue #9 section 2, issue #22 section 4):
 * the analysis's detailed description, then its user story as "As {as}, I want {want}, so that
 * {soThat}." when it has one the description does not state already; at most 5,000 characters.
 */
export function analysisDescription(analysis: StoryAnalysis): string {
  const { detailedDescription, userStory } = analysis.description;
  const story = userStory.want
    ? `As ${userStory.as}, I want ${userStory.want}${userStory.soThat ? `, so that ${userStory.soThat}` : ""}.`
    : "";
  const stated = story !== "" && comparable(detailedDescription).includes(comparable(`I want ${userStory.want}`));
  return [detailedDescription.trim(), stated ? "" : story].filter(Boolean).join("\n\n").slice(0, MAX_DESCRIPTION);
}
