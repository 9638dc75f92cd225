import { IMPORT_PUSH_STORIES } from "@pointwise/core/realtime";
import type { CreateStoryInput } from "@pointwise/core/storySchemas";
import { eq, inArray, sql } from "drizzle-orm";
import type { Tx } from "../db/database";
import { pointingSessions, stories } from "../db/schema";
import { storyLimitReached } from "../errors";
import { nextTurn } from "../nextTurn";
import type { SessionAccess } from "../policies/sessionPolicy";
import type { StoryRow } from "../presenters/storyPresenter";

/** A story ready to insert (validated by core/storySchemas). */
export type NewStory = Pick<CreateStoryInput, "title" | "description" | "acceptanceCriteria" | "ticketNumber">;

/**
 * Stories per INSERT. 100 real stories (mesos.csv's, descriptions up to 5,000 characters) took
 * PGlite, which runs in the server's thread, 10-20 ms of CPU as one JSON parameter (the same
 * rows as drizzle `values()` 40-60 ms: its SQL builder visits every value of every column), and
 * twice that on a loaded machine: 50 keep a statement well under 50 ms.
 */
const INSERT_BATCH = 50;

/** What `appendStories` added. */
export interface AppendedStories {
  /** The new stories' ids, in the list's order. */
  ids: string[];
  /** The first IMPORT_PUSH_STORIES (50) new stories, whole and in order: what a push carries. */
  head: StoryRow[];
  /** The story made the group's active story (the session had none), else null. */
  activated: string | null;
}

/**
 * Appends stories to a session's queue inside `tx`, after the last position; when the
 * session has no active story the first new one becomes active. The session row is locked
 * first, so concurrent appends get distinct positions and count the same stories: the session
 * never holds more than `maxStories` (MAX_STORIES_PER_SESSION, issue #23 section 2), whichever
 * way the stories come (one, a CSV or a Jira import). Written 50 a statement, the event loop
 * turning between two; only the first 50 are read back whole.
 * @throws AppError 400 VALIDATION_ERROR (`storyLimitReached`) when the list would take the session
 *   beyond `maxStories`; nothing is inserted
 */
export async function appendStories(
  tx: Tx,
  access: SessionAccess,
  list: NewStory[],
  maxStories: number,
): Promise<AppendedStories> {
  const sessionId = access.session.id;
  const [session] = await tx.select().from(pointingSessions).where(eq(pointingSessions.id, sessionId)).for("update");
  const [held] = await tx
    .select({
      count: sql<number>`count(*)::int`,
      last: sql<number>`coalesce(max(${stories.position}), 0)::int`,
    })
    .from(stories)
    .where(eq(stories.sessionId, sessionId));
  const count = held?.count ?? 0;
  if (count + list.length > maxStories) throw storyLimitReached(maxStories, count, list.length);
  const start = (held?.last ?? 0) + 1;
  const ids: string[] = [];
  for (let i = 0; i < list.length; i += INSERT_BATCH) {
    // A bulk append gives way before each batch (the reads above ran in this turn too).
    if (list.length > INSERT_BATCH) await nextTurn();
    const batch = JSON.stringify(
      list.slice(i, i + INSERT_BATCH).map((s, j) => ({
        title: s.title,
        description: s.description ?? null,
        acceptance_criteria: s.acceptanceCriteria ?? [],
        ticket_number: s.ticketNumber ?? null,
        position: start + i + j,
      })),
    );
    const inserted = await tx.execute(sql`
      insert into ${stories} (session_id, team_id, title, description, acceptance_criteria, ticket_number, position)
      select ${sessionId}, ${access.session.teamId}, r.title, r.description, r.acceptance_criteria, r.ticket_number, r.position
      from jsonb_to_recordset(${batch}::jsonb)
        as r(title text, description text, acceptance_criteria jsonb, ticket_number text, position int)
      returning id, position`);
    const rows = (inserted as unknown as { rows: { id: string; position: number }[] }).rows;
    ids.push(...rows.sort((a, b) => a.position - b.position).map((r) => r.id));
  }
  const headIds = ids.slice(0, IMPORT_PUSH_STORIES);
  const head =
    headIds.length === 0
      ? []
      : await tx.select().from(stories).where(inArray(stories.id, headIds)).orderBy(stories.position);
  let activated: string | null = null;
  if (session && !session.activeStoryId && ids[0]) {
    activated = ids[0];
    await tx
      .update(pointingSessions)
      .set({ activeStoryId: activated, activeStorySince: new Date() })
      .where(eq(pointingSessions.id, session.id));
  }
  return { ids, head, activated };
}
