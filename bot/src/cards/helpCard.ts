import { type AdaptiveCard, cardOf } from "./adaptiveCard";
import { type CardMarkdown, cardMarkdown, cardText } from "./cardText";

/** The commands the bot understands, as the manifest lists them (issue #3 section 2). */
export const BOT_COMMANDS = [
  { title: "new <title>", description: "Start a planning-poker session in this conversation" },
  { title: "add <story title>", description: "Add a story to the session" },
  { title: "reveal", description: "Reveal the votes on the current story" },
  { title: "next", description: "Complete the current story and move to the next" },
  { title: "summary", description: "Post the session summary" },
  { title: "help", description: "Show what PointBot can do" },
] as const;

/**
 * The help card: the command list, answered to `help` and to anything unknown.
 * @param note shown above the list (build it with `cardMarkdown`: it may quote the user)
 */
export function buildHelpCard(note?: CardMarkdown): AdaptiveCard {
  return cardOf([
    { type: "TextBlock", text: cardMarkdown`Pointwise planning poker`, size: "Large", weight: "Bolder" },
    ...(note ? [{ type: "TextBlock" as const, text: note, wrap: true, color: "Attention" as const }] : []),
    { type: "FactSet", facts: BOT_COMMANDS.map((c) => ({ title: cardText(c.title), value: cardText(c.description) })) },
  ]);
}
