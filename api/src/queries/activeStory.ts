import { OPEN_STORY_STATUSES } from "@pointwise/core/storyRules";
import { and, asc, eq, inArray } from "drizzle-orm";
import type { Tx } from "../db/database";
import { pointingSessions, stories } from "../db/schema";

/**
 * The story the group moves to after `afterPosition`: the next open story (core
 * OPEN_STORY_STATUSES), wrapping to the first such story; null when none is left.
 */
export async function nextOpenStoryId(tx: Tx, sessionId: string, afterPosition: number): Promise<string | null> {
  const open = await tx
    .select({ id: stories.id, position: stories.position })
    .from(stories)
    .where(and(eq(stories.sessionId, sessionId), inArray(stories.status, OPEN_STORY_STATUSES)))
    .orderBy(asc(stories.position), asc(stories.createdAt));
  const next = open.find((s) => s.position > afterPosition) ?? open[0];
  return next?.id ?? null;
}

/** Sets the group's active story inside a transaction, and when it became so (activeStorySince). */
export async function setActiveStoryId(tx: Tx, sessionId: string, storyId: string | null): Promise<void> {
  const now = new Date();
  await tx
    .update(pointingSessions)
    .set({ activeStoryId: storyId, activeStorySince: storyId === null ? null : now, updatedAt: now })
    .where(eq(pointingSessions.id, sessionId));
}
