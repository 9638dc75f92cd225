/**
 * @jest-environment jsdom
 */
import type { ParticipantView } from "@pointwise/core/presented";
import { QueryClient } from "@tanstack/react-query";
import { buildParticipant, buildSnapshot } from "../testing/viewFactories";
import { applyServerMessage, INITIAL_LIVE_STATE, type LiveState } from "./liveSessionCache";
import { queryKeys } from "./queryKeys";

/** The `participant_removed` push in the tab's cache (issue #8 section 1). */
const SID = "session-1";

function cacheAs(voterKey: string) {
  const client = new QueryClient();
  applyServerMessage(
    client,
    SID,
    buildSnapshot({
      participants: [
        buildParticipant({ id: "p1", voterKey: "p:p1" }),
        buildParticipant({ id: "p2", voterKey: "p:p2" }),
      ],
      you: { voterKey, isLeader: false },
    }),
  );
  return {
    remove: (participantId: string) =>
      applyServerMessage(client, SID, {
        type: "participant_removed",
        sessionId: SID,
        participantId,
        voterKey: `p:${participantId}`,
      }),
    ids: () => (client.getQueryData<ParticipantView[]>(queryKeys.participants(SID)) ?? []).map((p) => p.id),
    live: () => client.getQueryData<LiveState>(queryKeys.live(SID)) ?? INITIAL_LIVE_STATE,
  };
}

it("drops the removed participant for everyone else", () => {
  const cache = cacheAs("p:p1");
  cache.remove("p2");
  expect(cache.ids()).toEqual(["p1"]);
  expect(cache.live().removed).toBeFalsy();
});

it("marks the live state removed for the person removed", () => {
  const cache = cacheAs("p:p2");
  cache.remove("p2");
  expect(cache.live().removed).toBe(true);
});

it("keeps `present` and role from a participants_update", () => {
  const cache = cacheAs("p:p1");
  const client = new QueryClient();
  applyServerMessage(client, SID, buildSnapshot({ participants: [buildParticipant({ id: "p1" })] }));
  applyServerMessage(client, SID, {
    type: "participants_update",
    sessionId: SID,
    participants: [buildParticipant({ id: "p1", present: false, role: "observer" })],
    online: [],
    offline: ["p:p1"],
    leaderPresent: false,
    currentStoryId: null,
    votedCount: 0,
    expectedVoters: 0,
  });
  expect(client.getQueryData<ParticipantView[]>(queryKeys.participants(SID))?.[0]).toMatchObject({
    present: false,
    role: "observer",
  });
  expect(cache.ids()).toEqual(["p1", "p2"]);
});
