import type { ParticipantView } from "@pointwise/core/presented";
import type { ChoosableRole } from "@pointwise/core/voters";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "./apiRequest";
import { dropParticipant, upsertParticipants } from "./liveSessionCache";

/**
 * PATCH /api/sessions/{id}/participants/{participantId} {role} (issue #8 section 1): voter
 * (`participant`) or `observer`, for oneself or (the leader) anyone. The answer is written into
 * the cache at once; everyone else learns it from the `participants_update` push.
 */
export function useSetParticipantRole(sessionId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { participantId: string; role: ChoosableRole }) =>
      apiRequest<ParticipantView>("PATCH", `/api/sessions/${sessionId}/participants/${input.participantId}`, {
        body: { role: input.role },
      }),
    onSuccess: (participant) => upsertParticipants(queryClient, sessionId, [participant]),
  });
}

/**
 * DELETE /api/sessions/{id}/participants/{participantId} (the leader; issue #8 section 1). The
 * participant leaves the cache when the `participant_removed` push arrives (and at once here).
 */
export function useRemoveParticipant(sessionId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (participantId: string) =>
      apiRequest<{ message: string }>("DELETE", `/api/sessions/${sessionId}/participants/${participantId}`),
    onSuccess: (_answer, participantId) => dropParticipant(queryClient, sessionId, participantId),
  });
}
