/**
 * @jest-environment ./tab/src/testing/jsdomWithApiServer.cjs
 */
import { FluentProvider, webLightTheme } from "@fluentui/react-components";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { MemoryRouter } from "react-router";
import { INITIAL_LIVE_STATE } from "../../api/liveSessionCache";
import { queryKeys } from "../../api/queryKeys";
import { useCachedVotes } from "../../api/useStoryQueue";
import { buildVotingScenario, FIBONACCI, serverVotes, type VotingScenario } from "../../testing/apiScenario";
import { clearCookies, type FetchLog, installServerFetch } from "../../testing/apiServer";
import { Deck } from "./Deck";

/**
 * The deck as a voter uses it (issue #24 section 4), against the real API: cards clicked or
 * typed, arrow keys then Enter, the pressed card following the caller's vote in the cache as the
 * round dock wires it, disabled states, and a vote kept pending while the connection is down.
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

/** The deck wired to the caller's cached vote, as RoundDock does. */
function DeckOnCache({ disabled = false }: { disabled?: boolean }) {
  const { session, story, voterKey } = scenario;
  const mine = useCachedVotes(session.id).find((v) => v.storyId === story.id && v.voterKey === voterKey);
  return (
    <Deck
      sessionId={session.id}
      storyId={story.id}
      deck={FIBONACCI}
      myVoterKey={voterKey}
      selected={mine?.points ?? null}
      hasVoted={mine !== undefined}
      coffee={mine?.coffee === true}
      disabled={disabled}
    />
  );
}

function renderDeck(disabled = false) {
  const ui = (off: boolean) => (
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <FluentProvider theme={webLightTheme}>
          <DeckOnCache disabled={off} />
        </FluentProvider>
      </MemoryRouter>
    </QueryClientProvider>
  );
  const view = render(ui(disabled));
  return { ...view, enable: () => view.rerender(ui(false)) };
}

/** Names of the pressed cards. */
const pressed = () =>
  screen
    .getAllByRole("button")
    .filter((b) => b.getAttribute("aria-pressed") === "true")
    .map((b) => b.getAttribute("aria-label"));

/** The caller's vote as the server has it. */
async function myServerVote() {
  const votes = await serverVotes(scenario.session.id);
  return votes.find((v) => v.storyId === scenario.story.id && v.voterKey === scenario.voterKey);
}

const votePosts = () => log.requests.filter((r) => r === "POST /api/votes").length;

it("votes by click: the card is pressed once the server took it, another card changes it, ? retracts", async () => {
  const user = userEvent.setup();
  renderDeck();
  expect(pressed()).toEqual([]);
  await user.click(screen.getByRole("button", { name: "Vote 5" }));
  await screen.findByRole("button", { name: "Vote 5", pressed: true });
  expect(await myServerVote()).toMatchObject({ points: 5 });

  await user.click(screen.getByRole("button", { name: "Vote 8" }));
  await screen.findByRole("button", { name: "Vote 8", pressed: true });
  expect(pressed()).toEqual(["Vote 8"]);
  expect(await myServerVote()).toMatchObject({ points: 8 });

  await user.click(screen.getByRole("button", { name: "No estimate (?)" }));
  await screen.findByRole("button", { name: "Vote 8", pressed: false });
  expect(pressed()).toEqual([]);
  expect(await myServerVote()).toBeUndefined();
  expect(votePosts()).toBe(3);
});

it("asks for a break with the coffee card: pressed, and no number is", async () => {
  const user = userEvent.setup();
  renderDeck();
  await user.click(screen.getByRole("button", { name: "I need a break" }));
  await screen.findByRole("button", { name: "I need a break", pressed: true });
  expect(pressed()).toEqual(["I need a break"]);
  expect(await myServerVote()).toMatchObject({ coffee: true });
});

it("votes by typing a card's value, two digits included, and with Enter or Space on a focused card", async () => {
  const user = userEvent.setup();
  renderDeck();
  await user.keyboard("5");
  await screen.findByRole("button", { name: "Vote 5", pressed: true });
  // "1" could start 13: typed together they are one vote of 13, not 1 then 3.
  await user.keyboard("13");
  await screen.findByRole("button", { name: "Vote 13", pressed: true });
  expect(await myServerVote()).toMatchObject({ points: 13 });
  expect(votePosts()).toBe(2);

  // Enter and Space vote the focused card. (Arrow keys and Tab move focus through Fluent's
  // tabster, which needs a layout jsdom does not have: not tested here.)
  screen.getByRole("button", { name: "Vote 2" }).focus();
  await user.keyboard("{Enter}");
  await screen.findByRole("button", { name: "Vote 2", pressed: true });
  screen.getByRole("button", { name: "Vote 21" }).focus();
  await user.keyboard(" ");
  await screen.findByRole("button", { name: "Vote 21", pressed: true });
  expect(pressed()).toEqual(["Vote 21"]);
  expect(await myServerVote()).toMatchObject({ points: 21 });
  expect(votePosts()).toBe(4);
});

it("sends nothing while disabled: every card is disabled, clicks and keys do nothing", async () => {
  const user = userEvent.setup();
  const { enable } = renderDeck(true);
  const cards = screen.getAllByRole("button") as HTMLButtonElement[];
  expect(cards).toHaveLength(FIBONACCI.length);
  for (const card of cards) expect(card.disabled).toBe(true);
  await user.click(screen.getByRole("button", { name: "Vote 5" }));
  await user.keyboard("8");
  // Enabled, one vote: the only one sent, and the server has it.
  enable();
  await user.click(screen.getByRole("button", { name: "Vote 3" }));
  await screen.findByRole("button", { name: "Vote 3", pressed: true });
  expect(votePosts()).toBe(1);
  expect(pressed()).toEqual(["Vote 3"]);
  expect(await myServerVote()).toMatchObject({ points: 3 });
});

it("keeps a vote made while the connection is down as pending: dashed card and a note, nothing sent", async () => {
  const user = userEvent.setup();
  client.setQueryData(queryKeys.live(scenario.session.id), { ...INITIAL_LIVE_STATE, connection: "reconnecting" });
  renderDeck();
  await user.click(screen.getByRole("button", { name: "Vote 8" }));
  const card = await screen.findByRole("button", { name: "Vote 8", pressed: true });
  expect(card.dataset.pending).toBe("true");
  expect(screen.getByTestId("pending-vote")).toBeTruthy();
  expect(votePosts()).toBe(0);
  expect(await myServerVote()).toBeUndefined();
});
