/**
 * @jest-environment jsdom
 */
import { FluentProvider, webLightTheme } from "@fluentui/react-components";
import { deckFor } from "@pointwise/core/decks";
import { expectedVoters } from "@pointwise/core/voters";
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
