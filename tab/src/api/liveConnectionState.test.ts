/**
 * @jest-environment jsdom
 */
import type { SessionView } from "@pointwise/core/presented";
import type { ServerMessage } from "@pointwise/core/realtime";
import { QueryClient } from "@tanstack/react-query";
import { buildSession, buildSnapshot, buildStory } from "../testing/viewFactories";
import { applyServerMessage, REACTION_EVENT, readLive, setLiveConnection, setPendingVote } from "./liveSessionCache";
import { PENDING_VOTE_TEXT, pendingVoteVerdict } from "./pendingVote";
import { queryKeys } from "./queryKeys";

const SID = "session-1";

/** One viewer's tab: a query client with the sidebar's session list fetched at some moment. */
function viewer(listed: SessionView[] = []) {
  const client = new QueryClient();
  client.setQueryData(queryKeys.sessions, listed);
  return {
    client,
    apply: (message: ServerMessage) => applyServerMessage(client, SID, message),
    live: () => readLive(client, SID),
    listedStatus: () => client.getQueryData<SessionView[]>(queryKeys.sessions)?.find((s) => s.id === SID)?.status,
  };
}

describe("connection state (issue #8 section 5)", () => {
  it("is connecting until the first snapshot, online after it; a drop before any snapshot stays connecting", () => {
    const tab = viewer();
    expect(tab.live().connection).toBe("connecting");
    setLiveConnection(tab.client, SID, "reconnecting");
    expect(tab.live().connection).toBe("connecting");
    tab.apply(buildSnapshot());
    expect(tab.live()).toMatchObject({ connection: "online", connected: true, snapshots: 1, backOnlineAt: null });
  });

  it("a drop shows reconnecting (presence kept but stale); the next snapshot is Back online", () => {
    const tab = viewer();
    tab.apply(buildSnapshot({ presence: { online: ["u:leader"], leaderPresent: true } }));
    setLiveConnection(tab.client, SID, "reconnecting");
    expect(tab.live()).toMatchObject({ connection: "reconnecting", connected: false });
    expect(tab.live().presence?.leaderPresent).toBe(true);
    const before = Date.now();
    tab.apply(buildSnapshot());
    expect(tab.live().connection).toBe("online");
    expect(tab.live().backOnlineAt).toBeGreaterThanOrEqual(before);
    expect(tab.live().snapshots).toBe(2);
    // A resync snapshot while online is not a "Back online".
    const at = tab.live().backOnlineAt;
    tab.apply(buildSnapshot());
    expect(tab.live().backOnlineAt).toBe(at);
  });

  it("archived while open: a session_updated with archivedAt, or a rejoin snapshot that says so", () => {
    const pushed = viewer();
    pushed.apply(buildSnapshot());
    pushed.apply({ type: "session_updated", session: buildSession({ title: "Renamed" }) });
    expect(pushed.live().archived).toBe(false);
    pushed.apply({ type: "session_updated", session: buildSession({ archivedAt: "2026-02-01T00:00:00.000Z" }) });
    expect(pushed.live().archived).toBe(true);

    const away = viewer();
    away.apply(buildSnapshot());
    setLiveConnection(away.client, SID, "reconnecting");
    away.apply(buildSnapshot({ session: buildSession({ archivedAt: "2026-02-01T00:00:00.000Z", isActive: false }) }));
    expect(away.live().archived).toBe(true);

    // Opening a session that was archived long ago is not "was archived" news.
    const late = viewer();
    late.apply(buildSnapshot({ session: buildSession({ archivedAt: "2026-02-01T00:00:00.000Z" }) }));
    expect(late.live().archived).toBe(false);
  });

  it("deleted: the session_deleted push, or NOT_FOUND when rejoining after a drop", () => {
    const pushed = viewer();
    pushed.apply(buildSnapshot());
    pushed.apply({ type: "session_deleted", sessionId: SID });
    expect(pushed.live().deleted).toBe(true);
    const away = viewer();
    away.apply(buildSnapshot());
    away.apply({ type: "error", code: "NOT_FOUND", message: "Session not found" });
    expect(away.live().deleted).toBe(true);
  });

  it("a reaction push is never cached: it becomes a window event for the screen", () => {
    const tab = viewer();
    const seen: unknown[] = [];
    const listener = (event: Event) => seen.push((event as CustomEvent).detail);
    window.addEventListener(REACTION_EVENT, listener);
    const push: ServerMessage = { type: "reaction", sessionId: SID, emoji: "🎉", voterKey: "u:u2", name: "Mo" };
    tab.apply(push);
    window.removeEventListener(REACTION_EVENT, listener);
    expect(seen).toEqual([push]);
    expect(
      tab.client
        .getQueryCache()
        .findAll()
        .map((q) => q.queryKey[0]),
    ).not.toContain("reaction");
  });
});

describe("the sidebar's status of a session is the same for every viewer (issue #8 section 5)", () => {
  it("two viewers whose lists were fetched at different moments show the session's own status once live", () => {
    // Ann fetched her sidebar before the leader connected, Bo after: today they disagree for good.
    const ann = viewer([buildSession({ status: "in_progress" })]);
    const bo = viewer([buildSession({ status: "live" })]);
    const story = buildStory();
    for (const tab of [ann, bo]) {
      tab.apply(buildSnapshot({ stories: [story], presence: { online: ["u:leader"], leaderPresent: true } }));
    }
    expect(ann.listedStatus()).toBe("live");
    expect(bo.listedStatus()).toBe("live");
    // The leader leaves: both see In Progress; every story done: both see Completed.
    for (const tab of [ann, bo]) {
      tab.apply({
        type: "participants_update",
        sessionId: SID,
        participants: [],
        online: [],
        offline: ["u:leader"],
        currentStoryId: story.id,
        votedCount: 0,
        expectedVoters: 0,
        leaderPresent: false,
      });
    }
    expect([ann.listedStatus(), bo.listedStatus()]).toEqual(["in_progress", "in_progress"]);
    for (const tab of [ann, bo]) {
      tab.apply({ type: "story_status_change", sessionId: SID, story: { ...story, status: "completed" } });
    }
    expect([ann.listedStatus(), bo.listedStatus()]).toEqual(["completed", "completed"]);
    expect(ann.client.getQueryData<SessionView>(queryKeys.session(SID))?.status).toBe("completed");
  });

  it("touches no other session of the list", () => {
    const other = buildSession({ id: "session-2", status: "in_progress" });
    const tab = viewer([buildSession(), other]);
    tab.apply(buildSnapshot({ presence: { online: ["u:leader"], leaderPresent: true } }));
    expect(tab.client.getQueryData<SessionView[]>(queryKeys.sessions)?.[1]).toBe(other);
  });
});

describe("pending votes (issue #8 section 5)", () => {
  const pending = { storyId: "story-1", points: 5, round: 1 } as const;

  it("keeps one pending vote in the live state", () => {
    const tab = viewer();
    setPendingVote(tab.client, SID, pending);
    expect(tab.live().pendingVote).toEqual(pending);
    setPendingVote(tab.client, SID, null);
    expect(tab.live().pendingVote).toBeNull();
    expect(PENDING_VOTE_TEXT).toBe("Pending — will be sent when you're back online");
  });

  it("is sent only on the same open round of the group's story; otherwise refused with a reason", () => {
    const session = buildSession();
    expect(pendingVoteVerdict(pending, session, [buildStory()])).toEqual({ send: true });
    expect(pendingVoteVerdict(pending, session, [buildStory({ votesRevealed: true })])).toEqual({
      send: false,
      message: "The votes were revealed while you were offline.",
    });
    // Revealed, then a new round started: still the reveal the person missed.
    expect(pendingVoteVerdict(pending, session, [buildStory({ round: 2 })])).toMatchObject({ send: false });
    expect(pendingVoteVerdict(pending, session, [buildStory({ status: "skipped" })])).toEqual({
      send: false,
      message: "The story was skipped while you were offline.",
    });
    expect(pendingVoteVerdict(pending, session, [])).toMatchObject({ send: false });
    const moved = buildSession({ activeStoryId: "story-2" });
    expect(pendingVoteVerdict(pending, moved, [buildStory(), buildStory({ id: "story-2", position: 1 })])).toEqual({
      send: false,
      message: "The team moved on to another story while you were offline.",
    });
  });
});
