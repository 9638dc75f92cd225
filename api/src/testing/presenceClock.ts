import { inArray, sql } from "drizzle-orm";
import type { Db } from "../db/database";
import { sessionParticipants } from "../db/schema";

/**
 * The presence grace runs on the database's clock (`present_until`, swept by every instance's
 * heartbeat; issue #8 section 1). Tests move a grace's end instead of waiting for it (issue #24
 * section 4): the next sweep (within one HEARTBEAT_MS) then treats it as over.
 */
export async function endGraceOf(db: Db, participantIds: string[]): Promise<void> {
  await db
    .update(sessionParticipants)
    .set({ presentUntil: sql`now() - interval '1 second'` })
    .where(inArray(sessionParticipants.id, participantIds));
}

/** Seconds left of a participant's grace on the database's clock; null when none runs. */
export async function graceLeftSeconds(db: Db, participantId: string): Promise<number | null> {
  const [row] = await db
    .select({ left: sql<number | null>`extract(epoch from ${sessionParticipants.presentUntil} - now())::float8` })
    .from(sessionParticipants)
    .where(inArray(sessionParticipants.id, [participantId]));
  return row?.left === null || row?.left === undefined ? null : Number(row.left);
}
