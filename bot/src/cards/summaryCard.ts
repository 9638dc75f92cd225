import type { SummaryCardState } from "../cardState";
import { type AdaptiveCard, type CardElement, cardOf } from "./adaptiveCard";
import { cardMarkdown, cardText, NONE } from "./cardText";

/** The plain-text summary, also used as the Teams share-link message (spec part 2 section 7). */
export function summaryText(s: SummaryCardState): string {
  const lines = [
    `Pointwise summary: ${s.sessionTitle}`,
    `${s.completedStories} stories completed, ${s.totalPoints} points` +
      (s.averagePoints === null ? "" : `, average ${s.averagePoints.toFixed(1)}`) +
      (s.consensusRate === null ? "" : `, consensus ${s.consensusRate}%`) +
      `, ${s.participants} participants`,
    ...s.stories.map(
      (st) => `- ${st.ticketNumber ? `${st.ticketNumber} ` : ""}${st.title}: ${st.points ?? "?"} points`,
    ),
    ...(s.skippedStories.length
      ? [`Skipped: ${s.skippedStories.map((st) => st.ticketNumber ?? st.title).join(", ")}`]
      : []),
  ];
  return lines.join("\n");
}

/** The session summary card posted to the bound conversation. */
export function buildSummaryCard(s: SummaryCardState): AdaptiveCard {
  const body: CardElement[] = [
    {
      type: "TextBlock",
      text: cardMarkdown`Session summary · ${s.sessionTitle}`,
      size: "Large",
      weight: "Bolder",
      wrap: true,
    },
    {
      type: "FactSet",
      facts: [
        { title: cardMarkdown`Completed stories`, value: cardMarkdown`${s.completedStories}` },
        { title: cardMarkdown`Total points`, value: cardMarkdown`${s.totalPoints}` },
        { title: cardMarkdown`Average`, value: s.averagePoints === null ? NONE : cardText(s.averagePoints.toFixed(1)) },
        {
          title: cardMarkdown`Consensus rate`,
          value: s.consensusRate === null ? NONE : cardMarkdown`${s.consensusRate}%`,
        },
        { title: cardMarkdown`Participants`, value: cardMarkdown`${s.participants}` },
      ],
    },
  ];
  if (s.stories.length > 0) {
    body.push({
      type: "FactSet",
      facts: s.stories.slice(0, 30).map((st) => ({
        title: cardText(st.ticketNumber ?? st.title.slice(0, 40)),
        value: cardText(`${st.points ?? "?"} pts${st.ticketNumber ? ` · ${st.title.slice(0, 60)}` : ""}`),
      })),
    });
  }
  if (s.skippedStories.length > 0) {
    body.push({
      type: "TextBlock",
      text: cardMarkdown`Skipped: ${s.skippedStories.map((st) => st.ticketNumber ?? st.title).join(", ")}`,
      isSubtle: true,
      wrap: true,
    });
  }
  return cardOf(body, [{ type: "Action.OpenUrl", title: "Open in Pointwise", url: s.openUrl }]);
}
