import type { SessionView } from "@pointwise/core/presented";
import type { UpdateSessionInput } from "@pointwise/core/sessionSchemas";
import type { AppContext } from "../context";
import type { SessionAccess, SessionRow } from "../policies/sessionPolicy";
import { currentRoundProgress } from "../queries/roundProgress";
import { autoRevealIfComplete } from "./autoRevealer";
import { saveSession } from "./sessionSaver";

/**
 * Edits a session (creator or leader; spec part 2 section 2, "Edit session dialog"). A new
 * team is checked by the route first (teamPolicy.assignSession).
 * @throws 404 NOT_FOUND when the session is gone.
 */
export async function updateSession(
  ctx: AppContext,
  access: SessionAccess,
  input: UpdateSessionInput,
): Promise<SessionView> {
  const patch: Partial<SessionRow> = { updatedAt: new Date() };
  if (input.title !== undefined) patch.title = input.title;
  if (input.description !== undefined) patch.description = input.description;
  if (input.teamId !== undefined) patch.teamId = input.teamId;
  if (input.jiraProjectKey !== undefined) patch.jiraProjectKey = input.jiraProjectKey;
  if (input.estimationScale !== undefined) patch.estimationScale = input.estimationScale;
  if (input.customDeck !== undefined) patch.customDeck = input.customDeck;
  if (input.maxParticipants !== undefined) patch.maxParticipants = input.maxParticipants;
  if (input.autoReveal !== undefined) patch.autoReveal = input.autoReveal;
  const saved = await saveSession(ctx, access.session.id, patch);
  if (input.autoReveal === true && !access.session.autoReveal) {
    // Switched on when everyone has already voted: reveal now rather than at a next vote that
    // may never come (issue #8 section 2).
    const { currentStoryId } = await currentRoundProgress(ctx.db, access.session.id);
    if (currentStoryId) await autoRevealIfComplete(ctx, access.session.id, currentStoryId).catch(() => null);
  }
  return saved;
}
