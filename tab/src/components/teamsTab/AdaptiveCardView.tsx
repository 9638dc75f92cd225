import { makeStyles, tokens } from "@fluentui/react-components";
import { type Action, AdaptiveCard, ExecuteAction, HostConfig, OpenUrlAction } from "adaptivecards";
import { useEffect, useRef } from "react";
import type { AdaptiveCardJson } from "../../api/cardQueries";

const useStyles = makeStyles({
  root: {
    // The library lays actions out in one row that clips; wrap them like Teams does on narrow panels.
    "& .ac-actionSet": { flexWrap: "wrap", rowGap: "6px" },
    "& .ac-pushButton": {
      minWidth: "40px",
      padding: "6px 10px",
      borderRadius: tokens.borderRadiusMedium,
      border: `1px solid ${tokens.colorNeutralStroke1}`,
      backgroundColor: tokens.colorNeutralBackground1,
      color: tokens.colorNeutralForeground1,
      fontFamily: tokens.fontFamilyBase,
      fontWeight: tokens.fontWeightSemibold,
      cursor: "pointer",
    },
    "& .ac-pushButton:hover": { backgroundColor: tokens.colorNeutralBackground1Hover },
  },
});

/** Colours of the card from the Fluent theme's CSS variables, so it follows light, dark and contrast. */
const hostConfig = new HostConfig({
  fontFamily: tokens.fontFamilyBase,
  containerStyles: {
    default: {
      backgroundColor: "transparent",
      foregroundColors: {
        default: { default: tokens.colorNeutralForeground1, subtle: tokens.colorNeutralForeground3 },
        accent: { default: tokens.colorBrandForeground1, subtle: tokens.colorBrandForeground2 },
      },
    },
  },
  actions: { actionsOrientation: "horizontal", buttonSpacing: 6, maxActions: 20 },
});

const ESCAPES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };

/** A CommonMark backslash escape (`\\[`: user text, bot/src/cards/cardText.ts) or a `**` of our own bold. */
const MARKUP = /\\([!-/:-@[-`{-~])|\*\*/g;
const html = (text: string) => text.replace(/[&<>"']/g, (ch) => ESCAPES[ch] ?? ch);

/**
 * The bot's TextBlocks use **bold** only, and escape every Markdown character of user text
 * with a backslash; everything else stays plain (escaped) text, so no link or image is made.
 */
function boldMarkdown(text: string, result: { didProcess: boolean; outputHtml?: unknown }): void {
  let out = "";
  let last = 0;
  let bold = false;
  for (const match of text.matchAll(MARKUP)) {
    out += html(text.slice(last, match.index));
    if (match[1] !== undefined) out += html(match[1]);
    else {
      bold = !bold;
      out += bold ? "<strong>" : "</strong>";
    }
    last = match.index + match[0].length;
  }
  result.outputHtml = out + html(text.slice(last)) + (bold ? "</strong>" : "");
  result.didProcess = true;
}

AdaptiveCard.onProcessMarkdown = boldMarkdown;

/** The `data` of an Action.Execute the person clicked, with its verb. */
export interface ExecutedAction {
  verb: string;
  data: Record<string, unknown>;
}

/**
 * Renders an Adaptive Card JSON with the `adaptivecards` library (its own DOM, `.ac-adaptiveCard`).
 * Action.Execute clicks go to `onExecute`; Action.OpenUrl opens a new window.
 */
export function AdaptiveCardView({
  card,
  onExecute,
}: {
  card: AdaptiveCardJson;
  onExecute: (action: ExecutedAction) => void;
}) {
  const styles = useStyles();
  const target = useRef<HTMLDivElement>(null);
  const execute = useRef(onExecute);
  execute.current = onExecute;

  useEffect(() => {
    const element = target.current;
    if (!element) return;
    const adaptive = new AdaptiveCard();
    adaptive.hostConfig = hostConfig;
    adaptive.onExecuteAction = (action: Action) => {
      if (action instanceof ExecuteAction) {
        const data = typeof action.data === "object" && action.data !== null ? action.data : {};
        execute.current({ verb: action.verb, data: data as Record<string, unknown> });
      } else if (action instanceof OpenUrlAction && action.url) {
        window.open(action.url, "_blank", "noopener");
      }
    };
    adaptive.parse(card);
    const rendered = adaptive.render();
    element.replaceChildren(...(rendered ? [rendered] : []));
    return () => element.replaceChildren();
  }, [card]);

  return <div ref={target} className={styles.root} />;
}
