/** A command typed to the bot (issue #3 section 2). */
export type BotCommand =
  | { kind: "new"; title: string }
  | { kind: "add"; title: string }
  | { kind: "reveal" }
  | { kind: "next" }
  | { kind: "summary" }
  | { kind: "help" }
  | { kind: "unknown"; text: string };

/**
 * Parses a message: `<at>` mentions and HTML are stripped, the first word is the command
 * (case-insensitive), the rest its argument. `new` and `add` need a title. Each pattern is
 * linear in the text: a tag never spans another `<` (with `<[^>]+>` a megabyte of `<` was
 * quadratic, minutes of event loop; issue #7).
 */
export function parseBotCommand(raw: string | undefined): BotCommand {
  const text = (raw ?? "")
    .replace(/<at>[^<]*<\/at>/gi, " ")
    .replace(/<[^<>]*>/g, " ")
    .replace(/&nbsp;/g, " ")
    .replace(/\s+/g, " ")
    .trim();
  const [word = "", ...rest] = text.split(" ");
  const arg = rest.join(" ").trim();
  switch (word.toLowerCase()) {
    case "new":
      return arg ? { kind: "new", title: arg } : { kind: "unknown", text };
    case "add":
      return arg ? { kind: "add", title: arg } : { kind: "unknown", text };
    case "reveal":
      return { kind: "reveal" };
    case "next":
      return { kind: "next" };
    case "summary":
      return { kind: "summary" };
    case "help":
      return { kind: "help" };
    default:
      return { kind: "unknown", text };
  }
}
