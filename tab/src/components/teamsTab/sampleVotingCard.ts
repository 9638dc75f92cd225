import { markdownText } from "@pointwise/core/markdownText";
import type { SessionView, StoryView } from "@pointwise/core/presented";
import type { AdaptiveCardJson } from "../../api/cardQueries";

/**
 * A local voting card in the shape the bot sends (Adaptive Card 1.5): the session and story as
 * TextBlocks (user text escaped as the bot escapes it), an ActionSet with one Action.Execute per deck card (data {action: "vote", points},
 * points null for `?`), and Action.OpenUrl "Open in Pointwise". Shown while
 * GET /api/sessions/{id}/card is not available.
 */
export function sampleVotingCard(session: SessionView, story: StoryView | null, origin: string): AdaptiveCardJson {
  const votes = story
    ? [
        {
          type: "ActionSet",
          actions: session.deck.map((card) => ({
            type: "Action.Execute",
            title: card.label,
            verb: "vote",
            data: { action: "vote", sessionId: session.id, storyId: story.id, points: card.value },
          })),
        },
      ]
    : [];
  return {
    type: "AdaptiveCard",
    $schema: "http://adaptivecards.io/schemas/adaptive-card.json",
    version: "1.5",
    body: [
      { type: "TextBlock", text: markdownText(session.title), size: "Small", isSubtle: true, wrap: true },
      {
        type: "TextBlock",
        text: story ? markdownText(story.title) : "No story to estimate yet",
        size: "Large",
        weight: "Bolder",
        wrap: true,
      },
      {
        type: "TextBlock",
        text: story?.votesRevealed ? "Votes revealed" : "Pick your estimate",
        isSubtle: true,
        wrap: true,
      },
      ...votes,
    ],
    actions: [{ type: "Action.OpenUrl", title: "Open in Pointwise", url: `${origin}/session/${session.id}` }],
  };
}
