/**
 * @jest-environment ./tab/src/testing/jsdomWithApiServer.cjs
 */
import type { VoteView } from "@pointwise/core/presented";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { act, renderHook } from "@testing-library/react";
import type { ReactNode } from "react";
import { buildVotingScenario, serverVotes, type VotingScenario } from "../testing/apiScenario";
import { clearCookies, type FetchLog, installServerFetch } from "../testing/apiServer";
import { ApiError } from "./ApiError";
import { apiRequest } from "./apiRequest";
import { INITIAL_LIVE_STATE, readLive } from "./liveSessionCache";
import { queryKeys } from "./queryKeys";
import { type CastVoteOutcome, useCastVote } from "./voteMutations";

/**
 * useCastVote (the vote hook) against the real API (issue #24 section 4): what it answers, what
 * it writes to the cache (the caller's vote, a retraction), the server's refusal after reveal,
 * and a vote queued as pending while the connection is down or the network fails.
 */
let log: FetchLog;
let scenario: VotingScenario;
let client: QueryClient;

beforeEach(async () => {
  clearCookies();
  log = installServerFetch();
  scenario = await buildVotingScenario();
  client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  log.requests.length = 0;
});

function renderVoteHook() {
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>{children}</QueryClientProvider>
  );
  return renderHook(() => useCastVote(scenario.session.id, scenario.voterKey), { wrapper });
}

const cachedVotes = () => client.getQueryData<VoteView[]>(queryKeys.votes(scenario.session.id)) ?? [];
const votePosts = () => log.requests.filter((r) => r === "POST /api/votes").length;

it("casts a vote: the server's answer, the count, and the caller's vote in the cache", async () => {
  const { result } = renderVoteHook();
  let outcome: CastVoteOutcome | undefined;
  await act(async () => {
    outcome = await result.current.mutateAsync({ storyId: scenario.story.id, points: 5 });
  });
  expect(outcome).toMatchObject({ pending: false, votedCount: 1, vote: { points: 5, voterKey: scenario.voterKey } });
  expect(cachedVotes()).toEqual([expect.objectContaining({ storyId: scenario.story.id, points: 5 })]);
  expect(await serverVotes(scenario.session.id)).toEqual([expect.objectContaining({ points: 5 })]);
});

it("retracts with the ? card: the vote leaves the server and the cache", async () => {
  const { result } = renderVoteHook();
  await act(() => result.current.mutateAsync({ storyId: scenario.story.id, points: 8 }));
  expect(cachedVotes()).toHaveLength(1);
  let outcome: CastVoteOutcome | undefined;
  await act(async () => {
    outcome = await result.current.mutateAsync({ storyId: scenario.story.id, points: null });
  });
  expect(outcome).toEqual({ pending: false, vote: null, votedCount: 0 });
  expect(cachedVotes()).toEqual([]);
  expect(await serverVotes(scenario.session.id)).toEqual([]);
});

it("fails with the server's 409 VOTING_CLOSED once the votes are revealed, and leaves the cache", async () => {
  const { result } = renderVoteHook();
  await act(() => result.current.mutateAsync({ storyId: scenario.story.id, points: 3 }));
  await apiRequest("POST", `/api/stories/${scenario.story.id}/reveal-votes`);
  const before = cachedVotes();
  let error: unknown;
  await act(async () => {
    error = await result.current.mutateAsync({ storyId: scenario.story.id, points: 13 }).catch((e: unknown) => e);
  });
  expect(error).toBeInstanceOf(ApiError);
  expect(error).toMatchObject({ status: 409, code: "VOTING_CLOSED" });
  expect(cachedVotes()).toEqual(before);
});

it("queues the vote while the live connection is down: pending, nothing sent, kept for the next snapshot", async () => {
  client.setQueryData(queryKeys.live(scenario.session.id), { ...INITIAL_LIVE_STATE, connection: "reconnecting" });
  const { result } = renderVoteHook();
  let outcome: CastVoteOutcome | undefined;
  await act(async () => {
    outcome = await result.current.mutateAsync({ storyId: scenario.story.id, points: "coffee" });
  });
  expect(outcome).toEqual({ pending: true });
  expect(readLive(client, scenario.session.id).pendingVote).toEqual({
    storyId: scenario.story.id,
    points: "coffee",
    round: 1,
  });
  expect(votePosts()).toBe(0);
  expect(await serverVotes(scenario.session.id)).toEqual([]);
});

it("queues the vote when the network fails, and a later vote that goes out clears it", async () => {
  const { result } = renderVoteHook();
  // One vote out first: the CSRF token is known, so the failing call is the vote itself.
  await act(() => result.current.mutateAsync({ storyId: scenario.story.id, points: 1 }));
  const online = log;
  const offline = installServerFetch({ unreachable: true });
  let outcome: CastVoteOutcome | undefined;
  await act(async () => {
    outcome = await result.current.mutateAsync({ storyId: scenario.story.id, points: 2 });
  });
  expect(outcome).toEqual({ pending: true });
  expect(offline.requests).toEqual(["POST /api/votes"]);
  expect(readLive(client, scenario.session.id).pendingVote).toMatchObject({ storyId: scenario.story.id, points: 2 });
  expect(online.requests.filter((r) => r === "POST /api/votes")).toHaveLength(1);

  // Back online: the next vote goes out and replaces the one waiting.
  installServerFetch();
  await act(() => result.current.mutateAsync({ storyId: scenario.story.id, points: 3 }));
  expect(readLive(client, scenario.session.id).pendingVote).toBeNull();
  expect(await serverVotes(scenario.session.id)).toEqual([expect.objectContaining({ points: 3 })]);
});
