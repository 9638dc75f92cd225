import type { CreateStoryInput } from "@pointwise/core/storySchemas";
import { eq, sql } from "drizzle-orm";
import type { Tx } from "../db/database";
import { pointingSessions, stories } from "../db/schema";
import type { SessionAccess } from "../policies/sessionPolicy";
import type { StoryRow } from "../presenters/storyPresenter";

/** A story ready to insert (validated by core/storySchemas). */
export type NewStory = Pick<CreateStoryInput, "title" | "description" | "acceptanceCriteria" | "ticketNumber">;

/**
 * Appends stories to a session's queue inside `tx`, after the last position; when the
 * session has no active story the first new one becomes active. The session row is locked
 * so concurrent appends get distinct positions.
 * @returns the inserted rows and whether the active story was set
 */
export async function appendStories(
  tx: Tx,
  access: SessionAccess,
  list: NewStory[],
): Promise<{ rows: StoryRow[]; activated: string | null }> {
  const [session] = await tx
    .select()
    .from(pointingSessions)
    .where(eq(pointingSessions.id, access.session.id))
    .for("update");
  const [max] = await tx
    .select({ p: sql<number>`coalesce(max(${stories.position}), 0)::int` })
    .from(stories)
    .where(eq(stories.sessionId, access.session.id));
  const start = (max?.p ?? 0) + 1;
  const rows: StoryRow[] = [];
  const BATCH = 500;
  for (let i = 0; i < list.length; i += BATCH) {
    const values = list.slice(i, i + BATCH).map((s, j) => ({
      sessionId: access.session.id,
      teamId: access.session.teamId,
      title: s.title,
      description: s.description ?? null,
      acceptanceCriteria: s.acceptanceCriteria ?? [],
      ticketNumber: s.ticketNumber ?? null,
      position: start + i + j,
    }));
    rows.push(...(await tx.insert(stories).values(values).returning()));
  }
  let activated: string | null = null;
  if (session && !session.activeStoryId && rows[0]) {
    activated = rows[0].id;
    await tx
      .update(pointingSessions)
      .set({ activeStoryId: activated, activeStorySince: new Date() })
      .where(eq(pointingSessions.id, session.id));
  }
  return { rows, activated };
}
