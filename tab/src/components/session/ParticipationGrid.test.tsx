/**
 * @jest-environment jsdom
 */
import { FluentProvider, webLightTheme } from "@fluentui/react-components";
import { deckFor } from "@pointwise/core/decks";
import { expectedVoters } from "@pointwise/core/voters";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { renderToStaticMarkup } from "react-dom/server";
import { buildParticipant, buildVote } from "../../testing/viewFactories";
import { ParticipationGrid } from "./ParticipationGrid";

/** Issue #8 section 1 in the grid: absent people greyed and not counted, observers apart. */
it("counts present voters only and lists observers apart", () => {
  const participants = [
    buildParticipant({ id: "a", voterKey: "p:a", displayName: "Ann" }),
    buildParticipant({ id: "b", voterKey: "p:b", displayName: "Bob", present: false }),
    buildParticipant({ id: "c", voterKey: "p:c", displayName: "Cid" }),
    buildParticipant({ id: "o", voterKey: "p:o", displayName: "Olga", role: "observer" }),
  ];
  // Bob voted, then left: his vote does not count while he is absent.
  const votes = [buildVote({ voterKey: "p:a" }), buildVote({ voterKey: "p:b" })];
  const root = document.createElement("div");
  root.innerHTML = renderToStaticMarkup(
    <FluentProvider theme={webLightTheme}>
      <ParticipationGrid
        participants={participants}
        voters={expectedVoters(participants)}
        votes={votes}
        online={["p:a", "p:c", "p:o"]}
        deck={deckFor("fibonacci")}
        revealed={false}
      />
    </FluentProvider>,
  );
  expect(root.querySelector('[data-testid="participation-count"]')?.textContent).toBe("1 of 2 voted");
  expect(root.querySelector('[data-testid="participant-p:b"]')?.getAttribute("data-present")).toBe("false");
  const observers = root.querySelector('[data-testid="observers"]');
  expect(observers?.textContent).toContain("Olga");
  expect(observers?.textContent).toContain("Observer");
  expect(root.querySelector('[data-testid="participant-p:o"]')?.getAttribute("data-voted")).toBeNull();
});

/** Issue #24 section 3: a big room shows the people held, the whole room's counts and "Show everyone". */
it("shows the server's counts and how many of the room it holds in a big room", () => {
  const participants = [
    buildParticipant({ id: "a", voterKey: "p:a", displayName: "Ann" }),
    buildParticipant({ id: "b", voterKey: "p:b", displayName: "Bob" }),
  ];
  const root = document.createElement("div");
  root.innerHTML = renderToStaticMarkup(
    <QueryClientProvider client={new QueryClient()}>
      <FluentProvider theme={webLightTheme}>
        <ParticipationGrid
          participants={participants}
          voters={expectedVoters(participants)}
          counts={{ votedCount: 120, expectedVoters: 480 }}
          room={{ sessionId: "s1", total: 500, big: true }}
          votes={[buildVote({ voterKey: "p:a" })]}
          online={["p:a"]}
          deck={deckFor("fibonacci")}
          revealed={false}
        />
      </FluentProvider>
    </QueryClientProvider>,
  );
  expect(root.querySelector('[data-testid="participation-count"]')?.textContent).toBe("120 of 480 voted");
  expect(root.querySelector('[data-testid="participants-shown"]')?.textContent).toBe("Showing 2 of 500 people");
  expect(root.querySelector('[data-testid="participants-show-all"]')?.textContent).toBe("Show everyone");
  // Bob is present but beyond the pushed presence: shown online, not "reconnecting".
  expect(root.querySelector('[data-testid="participant-p:b"]')?.getAttribute("title")).toBe("Bob");
});
