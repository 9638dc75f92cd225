import { eq } from "drizzle-orm";
import type { Tx } from "../db/database";
import { stories } from "../db/schema";
import { notFound, validationError } from "../errors";
import type { StoryRow } from "../presenters/storyPresenter";

/** Most acceptance criteria on one story (as PATCH /api/stories/{id}, core storySchemas). */
export const MAX_CRITERIA = 50;

/** The form two criteria are compared in: trimmed, inner spaces collapsed, case-folded. */
export const criterionKey = (content: string): string => content.trim().replace(/\s+/g, " ").toLocaleLowerCase();

/**
 * Locks a story row of `sessionId` for the rest of the transaction (SELECT ... FOR UPDATE), so
 * concurrent additions and approvals append one after the other.
 * @throws 404 NOT_FOUND for a story of another session (or deleted meanwhile)
 */
export async function lockStory(tx: Tx, sessionId: string, storyId: string): Promise<StoryRow> {
  const [story] = await tx.select().from(stories).where(eq(stories.id, storyId)).for("update");
  if (!story || story.sessionId !== sessionId) throw notFound("Story not found");
  return story;
}

/**
 * Appends `content` to a locked story's acceptance criteria (spec part 2 section 4: an
 * approved suggestion or the leader's direct entry). A criterion already on the story (same
 * words, any case) is not added twice unless `refuseDuplicate`, which answers 400.
 * @throws 400 VALIDATION_ERROR with MAX_CRITERIA criteria already, or a duplicate when `refuseDuplicate`
 */
export async function appendCriterion(
  tx: Tx,
  story: StoryRow,
  content: string,
  refuseDuplicate: boolean,
): Promise<StoryRow> {
  const exists = story.acceptanceCriteria.some((c) => criterionKey(c) === criterionKey(content));
  if (exists && refuseDuplicate) {
    throw validationError({ content: ["This criterion is already on the story"] });
  }
  if (exists) return story;
  if (story.acceptanceCriteria.length >= MAX_CRITERIA) {
    throw validationError({ content: [`At most ${MAX_CRITERIA} acceptance criteria`] });
  }
  const [updated] = await tx
    .update(stories)
    .set({ acceptanceCriteria: [...story.acceptanceCriteria, content], updatedAt: new Date() })
    .where(eq(stories.id, story.id))
    .returning();
  return updated ?? story;
}
