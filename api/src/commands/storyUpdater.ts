import { proposedFinalPoints, roundResults } from "@pointwise/core/consensus";
import { deckFor } from "@pointwise/core/decks";
import type { StoryView } from "@pointwise/core/presented";
import { isOpenStory } from "@pointwise/core/storyRules";
import type { UpdateStoryInput } from "@pointwise/core/storySchemas";
import { eq } from "drizzle-orm";
import type { AppContext } from "../context";
import { pointingSessions, stories, users, votes } from "../db/schema";
import { notFound, validationError } from "../errors";
import { writeBackAfterCompletion } from "../integrations/jira/jiraTickets";
import { planFeatureAllowed } from "../policies/planPolicy";
import type { SessionAccess } from "../policies/sessionPolicy";
import { presentStory, type StoryRow } from "../presenters/storyPresenter";
import { nextOpenStoryId, setActiveStoryId } from "../queries/activeStory";
import { publishActiveStory } from "../realtime/activeStoryChanged";
import { publishStoryChange } from "../realtime/storyPushes";
import {
  forgetCompletedStory,
  recordCompletedStory,
  suggestionAtCompletion,
  suggestionColumns,
} from "./estimateHistoryRecorder";
import { recordFinalPointsChange } from "./finalPointsAuditor";
import { clearRoundTimers, publishTimersStopped } from "./timerStopper";

/**
 * Edits a story or moves its status (leader only). `completed` (Next Story) needs the votes
 * revealed and takes `finalPoints`, proposed from the votes when absent; `consensus` is set
 * from the votes' range (spec part 2 section 9). Completing or skipping the group's active
 * story moves the group to the next open story. A status change stops the story's round timer,
 * and moving the group stops the others' (issue #8 section 2). A change of the final points is
 * written to the team's audit log when it keeps one (issue #22).
 * @throws 404 for a story of another session; 400 VALIDATION_ERROR completing before reveal.
 */
export async function updateStory(
  ctx: AppContext,
  access: SessionAccess,
  storyId: string,
  input: UpdateStoryInput,
): Promise<StoryView> {
  const sessionId = access.session.id;
  // PointBot's suggestion from the history before this story joins it (issue #9 section 3).
  const suggestion = input.status === "completed" ? await completionSuggestion(ctx, access, storyId) : null;
  const outcome = await ctx.db.transaction(async (tx) => {
    const [story] = await tx.select().from(stories).where(eq(stories.id, storyId)).for("update");
    if (!story || story.sessionId !== sessionId) throw notFound("Story not found");
    const patch: Partial<StoryRow> = { updatedAt: new Date() };
    if (input.title !== undefined) patch.title = input.title;
    if (input.description !== undefined) patch.description = input.description;
    if (input.acceptanceCriteria !== undefined) patch.acceptanceCriteria = input.acceptanceCriteria;
    if (input.ticketNumber !== undefined && input.ticketNumber !== story.ticketNumber) {
      patch.ticketNumber = input.ticketNumber;
      // A write-back state belongs to the ticket it was about (issue #12 section 3).
      Object.assign(patch, { jiraSyncStatus: null, jiraSyncError: null, jiraSyncAt: null });
    }
    const statusChanged = input.status !== undefined && input.status !== story.status;
    if (input.status === "completed") {
      if (!story.votesRevealed) {
        throw validationError({ status: ["Reveal the votes before completing the story"] });
      }
      const cast = (await tx.select({ points: votes.points }).from(votes).where(eq(votes.storyId, story.id))).map(
        (v) => v.points,
      );
      const deckValues = deckFor(access.session.estimationScale, access.session.customDeck).flatMap((c) =>
        c.value === null ? [] : [c.value],
      );
      const finalPoints = input.finalPoints ?? proposedFinalPoints(cast, deckValues);
      patch.status = "completed";
      patch.finalPoints = finalPoints;
      patch.consensus = finalPoints !== null && roundResults(cast).consensus;
      if (finalPoints !== null) {
        Object.assign(patch, suggestionColumns(suggestion));
        await recordCompletedStory(
          tx,
          access.session,
          {
            id: story.id,
            title: patch.title ?? story.title,
            description: patch.description !== undefined ? patch.description : story.description,
            ticketNumber: patch.ticketNumber !== undefined ? patch.ticketNumber : story.ticketNumber,
          },
          finalPoints,
        );
      }
    } else if (input.status !== undefined) {
      patch.status = input.status;
      if (story.status === "completed") {
        patch.finalPoints = null;
        patch.consensus = false;
        Object.assign(patch, suggestionColumns(null));
        await forgetCompletedStory(tx, story.id);
      }
      if (input.finalPoints !== undefined && input.status !== "skipped") patch.finalPoints = input.finalPoints;
    } else if (input.finalPoints !== undefined) {
      patch.finalPoints = input.finalPoints;
      if (input.finalPoints === null) patch.consensus = false;
    }
    // A status change (complete, skip, reopen) stops the story's round timer (issue #8 section 2).
    const stoppedTimers = statusChanged && story.timerEndsAt !== null ? [story.id] : [];
    if (stoppedTimers.length > 0) patch.timerEndsAt = null;
    const [updated] = await tx.update(stories).set(patch).where(eq(stories.id, story.id)).returning();
    // The team's audit log, in this transaction (issue #22).
    if (updated) {
      await recordFinalPointsChange(tx, {
        session: access.session,
        story: updated,
        before: story,
        after: updated,
        user: access.user,
      });
    }
    let activeChanged: { id: string | null } | null = null;
    const closing = patch.status !== undefined && !isOpenStory({ status: patch.status });
    if (closing) {
      const [session] = await tx
        .select({ activeStoryId: pointingSessions.activeStoryId })
        .from(pointingSessions)
        .where(eq(pointingSessions.id, sessionId));
      if (!session?.activeStoryId || session.activeStoryId === story.id) {
        const next = await nextOpenStoryId(tx, sessionId, story.position);
        await setActiveStoryId(tx, sessionId, next);
        activeChanged = { id: next };
        stoppedTimers.push(...(await clearRoundTimers(tx, sessionId, next)));
      }
    }
    return { story: updated ?? story, statusChanged, activeChanged, stoppedTimers };
  });
  const view = presentStory(outcome.story);
  await publishStoryChange(ctx, {
    type: outcome.statusChanged ? "story_status_change" : "story_updated",
    sessionId,
    story: view,
  });
  if (outcome.activeChanged) {
    access.session.activeStoryId = outcome.activeChanged.id;
    await publishActiveStory(ctx, sessionId, outcome.activeChanged.id);
  }
  await publishTimersStopped(ctx, sessionId, outcome.stoppedTimers);
  // The agreed points go back to the story's Jira issue, after the commit and without waiting
  // (issue #12 section 3): the completing user's connection, else the creator's or the leader's.
  if (outcome.story.status === "completed" && (outcome.statusChanged || input.finalPoints !== undefined)) {
    writeBackAfterCompletion(
      ctx,
      view,
      [access.user?.id, access.session.creatorId, access.session.leaderId],
      (userId) => userHasJira(ctx, userId),
    );
  }
  return view;
}

/** True when the user's plan includes Jira and is paid up (policies/planPolicy `planFeatureAllowed`). */
async function userHasJira(ctx: AppContext, userId: string): Promise<boolean> {
  const [user] = await ctx.db
    .select({ subscriptionPlan: users.subscriptionPlan, subscriptionStatus: users.subscriptionStatus })
    .from(users)
    .where(eq(users.id, userId));
  return !!user && planFeatureAllowed(user, "jira");
}

/** The history suggestion for a story being completed, or null (unknown story: the transaction answers 404). */
async function completionSuggestion(ctx: AppContext, access: SessionAccess, storyId: string) {
  const [story] = await ctx.db
    .select({ id: stories.id, sessionId: stories.sessionId, title: stories.title, description: stories.description })
    .from(stories)
    .where(eq(stories.id, storyId));
  if (!story || story.sessionId !== access.session.id) return null;
  return suggestionAtCompletion(ctx, access.session, story);
}
