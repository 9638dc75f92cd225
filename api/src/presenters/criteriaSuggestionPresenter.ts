import type { CriteriaSuggestionView } from "@pointwise/core/criteriaSuggestions";
import { sessionNameOf } from "@pointwise/core/displayNames";
import { voterKeyOf } from "@pointwise/core/voters";
import type { acceptanceCriteriaSuggestions, sessionParticipants, users } from "../db/schema";
import type { ParticipantViewer } from "./participantPresenter";

/** A row of `acceptance_criteria_suggestions`. */
export type SuggestionRow = typeof acceptanceCriteriaSuggestions.$inferSelect;

/** A suggestion with what names its author: the user (registered), the guest's participant row. */
export interface SuggestionRecord {
  suggestion: SuggestionRow;
  sessionId: string;
  user: Pick<typeof users.$inferSelect, "id" | "firstName" | "lastName" | "email"> | null;
  participant: Pick<typeof sessionParticipants.$inferSelect, "id" | "displayName"> | null;
}

/**
 * A suggestion as `viewer` may see it (spec part 2 section 3, "Criteria suggestion"):
 * `suggestedBy.firstName` is the user's first name (else their session name), the guest's
 * display name or PointBot's label; `suggestedBy.email` only for the session leader and the
 * author themself (issue #7), never in pushes (pass ROOM_VIEWER).
 */
export function presentSuggestion(record: SuggestionRecord, viewer: ParticipantViewer): CriteriaSuggestionView {
  const { suggestion, user, participant } = record;
  const pointbot = suggestion.pointbotLabel !== null;
  const seesEmail = !!user && (viewer.isLeader || viewer.userId === user.id);
  const firstName = pointbot
    ? (suggestion.pointbotLabel ?? "PointBot")
    : user
      ? user.firstName?.trim() || sessionNameOf({ ...user, displayName: participant?.displayName })
      : sessionNameOf({ displayName: participant?.displayName });
  return {
    id: suggestion.id,
    storyId: suggestion.storyId,
    sessionId: record.sessionId,
    content: suggestion.content,
    status: suggestion.status,
    suggestedBy: {
      firstName,
      ...(pointbot ? {} : { email: seesEmail ? (user?.email ?? null) : null }),
      voterKey: pointbot
        ? null
        : voterKeyOf({ userId: suggestion.suggestedBy, participantId: suggestion.participantId }),
      pointbot,
    },
    createdAt: suggestion.createdAt.toISOString(),
  };
}
