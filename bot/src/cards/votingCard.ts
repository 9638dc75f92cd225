import { CARD_VERBS } from "@pointwise/core/cardActionSchemas";
import type { VotingCardState } from "../cardState";
import { type AdaptiveCard, actionRows, type CardAction, type CardElement, cardOf } from "./adaptiveCard";
import { cardMarkdown, cardText, NONE } from "./cardText";

/** Text bar of a distribution entry: one block per vote. */
const bar = (count: number) => "█".repeat(Math.min(count, 20));

/**
 * The voting card of a session's active story (issue #3 section 2): title, ticket, the deck as
 * Action.Execute buttons, who has voted (never values before reveal), Reveal and Next for the
 * leader, the results after reveal, "Open in Pointwise", and a refresh action so Teams shows
 * each user their own view.
 */
export function buildVotingCard(state: VotingCardState): AdaptiveCard {
  const { session, story } = state;
  const body: CardElement[] = [
    { type: "TextBlock", text: cardMarkdown`Pointwise · ${session.title}`, isSubtle: true, size: "Small", wrap: true },
  ];
  const actions: CardAction[] = [];
  const base = { sessionId: session.id, storyId: story?.id ?? null };
  if (!story) {
    body.push(
      { type: "TextBlock", text: cardMarkdown`No story to estimate yet`, size: "Large", weight: "Bolder", wrap: true },
      { type: "TextBlock", text: cardMarkdown`Add one with **add ${"<story title>"}**.`, wrap: true },
    );
  } else {
    body.push({ type: "TextBlock", text: cardText(story.title), size: "Large", weight: "Bolder", wrap: true });
    if (story.ticketNumber)
      body.push({ type: "TextBlock", text: cardText(story.ticketNumber), isSubtle: true, spacing: "None" });
    const voted = state.voters.filter((v) => v.hasVoted).map((v) => v.displayName);
    const waiting = state.voters.filter((v) => !v.hasVoted).map((v) => v.displayName);
    if (story.status === "completed") {
      body.push({
        type: "TextBlock",
        text: cardMarkdown`Story completed: **${story.finalPoints ?? "?"} points**`,
        color: "Good",
        wrap: true,
      });
    } else if (!story.votesRevealed) {
      body.push({
        type: "TextBlock",
        text: cardMarkdown`Voted (${voted.length} of ${state.voters.length}): ${voted.join(", ") || "nobody yet"}`,
        wrap: true,
      });
      if (waiting.length > 0)
        body.push({
          type: "TextBlock",
          text: cardMarkdown`Waiting for: ${waiting.join(", ")}`,
          isSubtle: true,
          wrap: true,
        });
      if (state.viewer?.ownPoints !== undefined && state.viewer.ownPoints !== null) {
        body.push({ type: "TextBlock", text: cardMarkdown`Your vote: **${state.viewer.ownPoints}**`, color: "Accent" });
      }
      // The coffee card sends "coffee" (a break request, issue #8 section 4), not its null value.
      const deck: CardAction[] = session.deck.map((card) => ({
        type: "Action.Execute",
        title: card.label,
        verb: CARD_VERBS.vote,
        data: { ...base, points: card.coffee ? "coffee" : card.value },
      }));
      body.push(...actionRows(deck));
      if (state.viewer?.isLeader !== false) {
        actions.push({
          type: "Action.Execute",
          title: "Reveal votes",
          verb: CARD_VERBS.reveal,
          data: base,
          style: "positive",
        });
      }
    } else if (state.results) {
      const r = state.results;
      body.push({
        type: "FactSet",
        facts: [
          { title: cardMarkdown`Average`, value: r.average === null ? NONE : cardText(r.average.toFixed(1)) },
          { title: cardMarkdown`Consensus`, value: r.label ? cardText(r.label) : NONE },
          { title: cardMarkdown`Range`, value: r.min === null ? NONE : cardMarkdown`${r.min} - ${r.max ?? r.min}` },
        ],
      });
      body.push({
        type: "Container",
        style: "emphasis",
        items: r.distribution.map((d) => ({
          type: "TextBlock",
          text: cardMarkdown`${d.points}  ${bar(d.count)}  ${d.count}`,
          spacing: "None",
        })),
      });
      if (state.votes && state.votes.length > 0) {
        body.push({
          type: "TextBlock",
          text: cardText(state.votes.map((v) => `${v.displayName}: ${v.points}`).join(" · ")),
          isSubtle: true,
          wrap: true,
        });
      }
      if (state.viewer?.isLeader !== false) {
        actions.push({
          type: "Action.Execute",
          title: "Next story",
          verb: CARD_VERBS.next,
          data: base,
          style: "positive",
        });
      }
    }
    body.push({
      type: "TextBlock",
      text: cardMarkdown`${state.remaining} more stories in the queue`,
      isSubtle: true,
      size: "Small",
    });
  }
  actions.push({ type: "Action.OpenUrl", title: "Open in Pointwise", url: state.openUrl });
  const card = cardOf(body, actions);
  card.refresh = {
    action: { type: "Action.Execute", title: "Refresh", verb: CARD_VERBS.refresh, data: base },
    userIds: state.refreshUserIds.slice(0, 60),
  };
  return card;
}

/**
 * The voting card posted to a conversation (send or update activity), which everyone there
 * sees: the viewer-neutral card, without anyone's own vote ("Your vote") or per-person
 * buttons. A personal view is only ever an invoke response or a refresh for that user
 * (issue #7: the leader's vote was posted to the channel for 0.3 s).
 */
export function buildConversationCard(state: VotingCardState): AdaptiveCard {
  const { viewer: _personal, ...neutral } = state;
  return buildVotingCard(neutral);
}
