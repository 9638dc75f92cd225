import type { CardMarkdown } from "./cardText";

/**
 * Minimal Adaptive Card 1.5 element types used by Pointwise's cards (schema:
 * adaptivecards.io/explorer). Only what the builders emit. Text that Teams reads as Markdown
 * (TextBlock text, Fact title and value) is CardMarkdown: user strings go through `cardText`.
 */
export type CardElement =
  | {
      type: "TextBlock";
      text: CardMarkdown;
      wrap?: boolean;
      size?: "Small" | "Default" | "Medium" | "Large" | "ExtraLarge";
      weight?: "Lighter" | "Default" | "Bolder";
      isSubtle?: boolean;
      color?: "Default" | "Accent" | "Good" | "Warning" | "Attention";
      spacing?: "None" | "Small" | "Medium" | "Large";
    }
  | { type: "FactSet"; facts: { title: CardMarkdown; value: CardMarkdown }[] }
  | { type: "ActionSet"; actions: CardAction[] }
  | { type: "Container"; items: CardElement[]; style?: "emphasis" | "good" | "attention"; spacing?: "Medium" };

/** Action.Execute (Universal Actions) or Action.OpenUrl. */
export type CardAction =
  | {
      type: "Action.Execute";
      title: string;
      verb: string;
      data: Record<string, unknown>;
      style?: "positive" | "destructive";
    }
  | { type: "Action.OpenUrl"; title: string; url: string };

/** An Adaptive Card 1.5 document. */
export interface AdaptiveCard {
  type: "AdaptiveCard";
  $schema: "http://adaptivecards.io/schemas/adaptive-card.json";
  version: "1.5";
  body: CardElement[];
  actions?: CardAction[];
  refresh?: { action: CardAction & { type: "Action.Execute" }; userIds?: string[] };
  msteams?: { width: "Full" };
}

/** Teams renders at most this many actions in one ActionSet. */
export const MAX_ACTIONS_PER_SET = 5;

/** Splits actions into ActionSets of at most MAX_ACTIONS_PER_SET (a deck is 7-11 cards). */
export function actionRows(actions: CardAction[]): CardElement[] {
  const rows: CardElement[] = [];
  for (let i = 0; i < actions.length; i += MAX_ACTIONS_PER_SET) {
    rows.push({ type: "ActionSet", actions: actions.slice(i, i + MAX_ACTIONS_PER_SET) });
  }
  return rows;
}

/** An empty Adaptive Card 1.5 document. */
export function cardOf(body: CardElement[], actions?: CardAction[]): AdaptiveCard {
  return {
    type: "AdaptiveCard",
    $schema: "http://adaptivecards.io/schemas/adaptive-card.json",
    version: "1.5",
    body,
    ...(actions && actions.length > 0 ? { actions } : {}),
    msteams: { width: "Full" },
  };
}
