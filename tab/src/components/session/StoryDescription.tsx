import { Button, makeStyles, mergeClasses, tokens } from "@fluentui/react-components";
import { type JiraBlock, type JiraInline, parseJiraMarkup } from "@pointwise/core/jiraMarkup";
import { useId, useLayoutEffect, useMemo, useRef, useState } from "react";

/** Lines shown before a description is collapsed behind "Show more" (issue #8 section 6). */
export const DESCRIPTION_LINES = 6;

const useStyles = makeStyles({
  root: { display: "flex", flexDirection: "column", alignItems: "flex-start", gap: "2px", minWidth: 0 },
  body: {
    color: tokens.colorNeutralForeground2,
    fontSize: tokens.fontSizeBase300,
    lineHeight: tokens.lineHeightBase300,
    overflowWrap: "anywhere",
    minWidth: 0,
    width: "100%",
    "& > :first-child": { marginTop: 0 },
    "& > :last-child": { marginBottom: 0 },
  },
  collapsed: {
    // Six lines of body text: line clamp where the content is plain lines, the height as a bound
    // for headings, lists and code blocks.
    display: "-webkit-box",
    WebkitBoxOrient: "vertical",
    WebkitLineClamp: String(DESCRIPTION_LINES),
    maxHeight: `calc(${DESCRIPTION_LINES} * ${tokens.lineHeightBase300})`,
    overflow: "hidden",
  },
  paragraph: { margin: "0 0 8px", whiteSpace: "pre-wrap" },
  heading: { margin: "8px 0 4px", fontSize: tokens.fontSizeBase300, fontWeight: tokens.fontWeightSemibold },
  code: {
    margin: "0 0 8px",
    padding: "6px 8px",
    fontFamily: tokens.fontFamilyMonospace,
    fontSize: tokens.fontSizeBase200,
    backgroundColor: tokens.colorNeutralBackground3,
    borderRadius: tokens.borderRadiusMedium,
    whiteSpace: "pre-wrap",
    overflowWrap: "anywhere",
  },
  inlineCode: { fontFamily: tokens.fontFamilyMonospace, backgroundColor: tokens.colorNeutralBackground3 },
  quote: {
    margin: "0 0 8px",
    paddingLeft: "10px",
    borderLeft: `3px solid ${tokens.colorNeutralStroke1}`,
  },
  list: { margin: "0 0 8px", paddingLeft: "20px" },
  link: { color: tokens.colorBrandForegroundLink },
});

type Styles = ReturnType<typeof useStyles>;

function Inlines({ inlines, styles }: { inlines: readonly JiraInline[]; styles: Styles }) {
  return inlines.map((inline, i) => {
    switch (inline.kind) {
      case "strong":
        // biome-ignore lint/suspicious/noArrayIndexKey: inline runs have no identity but their place.
        return <strong key={i}>{inline.text}</strong>;
      case "emphasis":
        // biome-ignore lint/suspicious/noArrayIndexKey: as above.
        return <em key={i}>{inline.text}</em>;
      case "code":
        return (
          // biome-ignore lint/suspicious/noArrayIndexKey: as above.
          <code key={i} className={styles.inlineCode}>
            {inline.text}
          </code>
        );
      case "link":
        return (
          // biome-ignore lint/suspicious/noArrayIndexKey: as above.
          <a key={i} className={styles.link} href={inline.href} target="_blank" rel="noopener noreferrer">
            {inline.text}
          </a>
        );
      default:
        return inline.text;
    }
  });
}

function Blocks({ blocks, styles }: { blocks: readonly JiraBlock[]; styles: Styles }) {
  return blocks.map((block, i) => {
    switch (block.kind) {
      case "heading": {
        const Tag = `h${Math.min(6, block.level + 2)}` as "h3";
        return (
          // biome-ignore lint/suspicious/noArrayIndexKey: blocks have no identity but their place.
          <Tag key={i} className={styles.heading}>
            <Inlines inlines={block.inlines} styles={styles} />
          </Tag>
        );
      }
      case "code":
        return (
          // biome-ignore lint/suspicious/noArrayIndexKey: as above.
          <pre key={i} className={styles.code} data-language={block.language ?? undefined}>
            {block.text}
          </pre>
        );
      case "quote":
        return (
          // biome-ignore lint/suspicious/noArrayIndexKey: as above.
          <blockquote key={i} className={styles.quote}>
            <Blocks blocks={block.blocks} styles={styles} />
          </blockquote>
        );
      case "list": {
        const List = block.ordered ? "ol" : "ul";
        return (
          // biome-ignore lint/suspicious/noArrayIndexKey: as above.
          <List key={i} className={styles.list}>
            {block.items.map((item, j) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: list items are plain text and may repeat.
              <li key={j}>
                <Inlines inlines={item} styles={styles} />
              </li>
            ))}
          </List>
        );
      }
      default:
        return (
          // biome-ignore lint/suspicious/noArrayIndexKey: as above.
          <p key={i} className={styles.paragraph}>
            <Inlines inlines={block.inlines} styles={styles} />
          </p>
        );
    }
  });
}

/**
 * A story's description: Jira wiki markup rendered as elements (core/jiraMarkup, never HTML),
 * collapsed to six lines behind "Show more" / "Show less" when longer, so the deck stays in
 * reach (issue #8 section 6). Give it `key={story.id}` to collapse again on another story.
 */
export function StoryDescription({ text }: { text: string }) {
  const styles = useStyles();
  const blocks = useMemo(() => parseJiraMarkup(text), [text]);
  const [expanded, setExpanded] = useState(false);
  const [overflows, setOverflows] = useState(false);
  const bodyRef = useRef<HTMLDivElement>(null);
  const bodyId = useId();

  // Whether the collapsed text is cut: measured now and whenever the width changes.
  // biome-ignore lint/correctness/useExhaustiveDependencies: re-measure when the text changes.
  useLayoutEffect(() => {
    const el = bodyRef.current;
    if (!el || expanded) return;
    const measure = () => setOverflows(el.scrollHeight > el.clientHeight + 1);
    measure();
    if (typeof ResizeObserver === "undefined") return;
    const observer = new ResizeObserver(measure);
    observer.observe(el);
    return () => observer.disconnect();
  }, [expanded, blocks]);

  return (
    <div className={styles.root}>
      <div
        ref={bodyRef}
        id={bodyId}
        className={mergeClasses(styles.body, !expanded && styles.collapsed)}
        data-testid="story-description"
        data-collapsed={!expanded}
      >
        <Blocks blocks={blocks} styles={styles} />
      </div>
      {overflows || expanded ? (
        <Button
          appearance="transparent"
          size="small"
          aria-expanded={expanded}
          aria-controls={bodyId}
          onClick={() => setExpanded((was) => !was)}
          data-testid="story-description-toggle"
        >
          {expanded ? "Show less" : "Show more"}
        </Button>
      ) : null}
    </div>
  );
}
