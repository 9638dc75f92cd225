import { displayNameOf } from "@pointwise/core/displayNames";
import type { StoryStatus } from "@pointwise/core/storySchemas";
import { eq } from "drizzle-orm";
import type { UserRow } from "../auth/currentUser";
import type { Tx } from "../db/database";
import { teamAuditEntries, teams } from "../db/schema";
import type { SessionRow } from "../policies/sessionPolicy";

/** A story's state on one side of a change, as far as the audit log cares. */
export interface AuditedStoryState {
  status: StoryStatus;
  finalPoints: number | null;
}

/** One change of a story's final points, as its command saw it. */
export interface FinalPointsChange {
  session: Pick<SessionRow, "id" | "title" | "teamId">;
  story: { id: string; title: string };
  before: AuditedStoryState;
  after: AuditedStoryState;
  /** Who made it (the leader, through REST, WebSocket or a Teams card); null is never audited as anyone. */
  user: UserRow | null;
}

/** The action of an entry: the points went, a story was completed with points, or points were changed. */
function actionOf({ before, after }: FinalPointsChange): "completed" | "corrected" | "cleared" | null {
  if (after.finalPoints === null) return before.finalPoints === null ? null : "cleared";
  if (after.status === "completed" && before.status !== "completed") return "completed";
  return before.finalPoints === after.finalPoints ? null : "corrected";
}

/**
 * Writes a team's audit-log entry for a change of a story's final points (issue #22), inside
 * the change's own transaction `tx`, so an entry exists exactly when the change committed.
 * Recorded only for a session of a team whose `auditLog` is on, and only when something changed:
 * completion with points (`completed`), other changes of the points (`corrected`), points that
 * went (`cleared`: reopened, skipped, new round). Who: the user's id and name as they are now.
 * Called by storyUpdater and roundStarter.
 */
export async function recordFinalPointsChange(tx: Tx, change: FinalPointsChange): Promise<void> {
  const { session, story, before, after, user } = change;
  if (!session.teamId || !user) return;
  const action = actionOf(change);
  if (!action) return;
  const [team] = await tx.select({ auditLog: teams.auditLog }).from(teams).where(eq(teams.id, session.teamId));
  if (!team?.auditLog) return;
  await tx.insert(teamAuditEntries).values({
    teamId: session.teamId,
    action,
    sessionId: session.id,
    sessionTitle: session.title,
    storyId: story.id,
    storyTitle: story.title,
    previousPoints: before.finalPoints,
    finalPoints: after.finalPoints,
    userId: user.id,
    userName: displayNameOf(user).slice(0, 255),
  });
}
