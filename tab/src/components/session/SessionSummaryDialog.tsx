import {
  Button,
  Dialog,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
  makeStyles,
  Spinner,
  Text,
  tokens,
} from "@fluentui/react-components";
import { ArrowDownload20Regular, Share20Regular } from "@fluentui/react-icons";
import { formatDuration, type SessionSummaryView } from "@pointwise/core/insights";
import type { SessionView } from "@pointwise/core/presented";
import { useSessionSummary, useShareToTeams } from "../../api/insightQueries";
import { useNotify } from "../../toasts/useNotify";
import { useReturnFocus } from "../common/useReturnFocus";
import { CreateAllTicketsButton } from "../jira/CreateAllTicketsButton";
import { StatTiles } from "./StatTiles";

const useStyles = makeStyles({
  content: { display: "flex", flexDirection: "column", gap: "12px" },
  columns: { gridTemplateColumns: "repeat(auto-fit, minmax(140px, 1fr))" },
  muted: { color: tokens.colorNeutralForeground3 },
  items: { margin: 0, paddingLeft: "20px", display: "flex", flexDirection: "column", gap: "4px" },
});

/**
 * The Session Summary dialog (spec part 2 sections 2 and 7; issue #9 section 2): the measured
 * duration and the real consensus rate (not the spec's placeholder 1.2 hours and 85 %), stories,
 * points, participants and rounds, PointBot's action items, Export (the Markdown export,
 * session-results-{id}.md) and Share to Teams (`POST /api/sessions/{id}/teams-message`: a toast
 * when the bot posted it, else the Teams share link opens in a new window). Sharing failures are
 * only logged (spec part 2 section 8). Given `jira` (someone who can manage the session), Create
 * All Tickets creates the Jira tickets for real (issue #12 section 2).
 */
export function SessionSummaryDialog({
  sessionId,
  open,
  onOpenChange,
  jira,
}: {
  sessionId: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  jira?: { session: SessionView };
}) {
  const styles = useStyles();
  const notify = useNotify();
  useReturnFocus(open);
  const summary = useSessionSummary(sessionId, open);
  const share = useShareToTeams(sessionId);
  const s = summary.data;

  const onShare = () => {
    if (!s) return;
    // Opened now, inside the click, so pop-up blockers allow it; pointed at the link once known.
    const popup = window.open("", "_blank");
    share.mutate(s, {
      onSuccess: (result) => {
        if (result.posted) {
          popup?.close();
          notify("Shared to Teams", result.message);
        } else if (popup) {
          popup.opener = null;
          popup.location.href = result.shareUrl;
        } else {
          window.open(result.shareUrl, "_blank", "noopener");
        }
      },
      onError: (err) => {
        popup?.close();
        console.error("Share to Teams failed", err);
      },
    });
  };

  const stats = s
    ? [
        { label: "Duration", value: formatDuration(s.durationMinutes), testId: "summary-duration" },
        {
          label: "Consensus rate",
          value: s.consensusRate === null ? "-" : `${s.consensusRate}%`,
          testId: "summary-consensus",
        },
        { label: "Stories completed", value: `${s.completedStories}/${s.totalStories}`, testId: "summary-completed" },
        { label: "Total points", value: String(s.totalPoints), testId: "summary-points" },
        {
          label: "Average points",
          value: s.averagePoints === null ? "-" : s.averagePoints.toFixed(1),
          testId: "summary-average",
        },
        { label: "Participants", value: String(s.participants), testId: "summary-participants" },
        {
          label: "Per story",
          value: formatDuration(s.averageMinutesPerStory),
          testId: "summary-per-story",
        },
        { label: "Rounds", value: String(s.rounds), testId: "summary-rounds" },
        // How often the final points matched PointBot's history suggestion (issue #9 section 3).
        {
          label: `PointBot matched, this session${inRangeNote(s.suggestionAccuracy)}`,
          value: accuracyLabel(s.suggestionAccuracy),
          testId: "summary-suggestion-accuracy",
        },
        {
          label: `PointBot matched, all sessions${inRangeNote(s.historyAccuracy)}`,
          value: accuracyLabel(s.historyAccuracy),
          testId: "summary-history-accuracy",
        },
      ]
    : [];

  return (
    <Dialog open={open} onOpenChange={(_e, data) => onOpenChange(data.open)}>
      <DialogSurface style={{ maxWidth: "min(640px, calc(100vw - 32px))" }} data-testid="summary-dialog">
        <DialogBody>
          <DialogTitle>Session Summary</DialogTitle>
          <DialogContent className={styles.content}>
            {summary.isLoading ? <Spinner label="Loading summary..." /> : null}
            {summary.isError ? <Text>The summary could not be loaded. Please try again.</Text> : null}
            {s ? (
              <>
                <StatTiles stats={stats} className={styles.columns} />
                <Text weight="semibold">Action Items</Text>
                {s.actionItems.length ? (
                  <ul className={styles.items} data-testid="summary-action-items">
                    {s.actionItems.map((item) => (
                      <li key={item}>
                        <Text>{item}</Text>
                      </li>
                    ))}
                  </ul>
                ) : (
                  <Text className={styles.muted}>Nothing to follow up: PointBot found no action items.</Text>
                )}
              </>
            ) : null}
          </DialogContent>
          <DialogActions>
            {jira ? <CreateAllTicketsButton session={jira.session} /> : null}
            <Button
              as="a"
              href={`/api/sessions/${encodeURIComponent(sessionId)}/export.md`}
              download
              icon={<ArrowDownload20Regular />}
              data-testid="summary-export"
            >
              Export
            </Button>
            <Button
              appearance="primary"
              icon={share.isPending ? <Spinner aria-hidden size="extra-tiny" /> : <Share20Regular />}
              onClick={onShare}
              disabled={!s || share.isPending}
              data-testid="summary-share"
            >
              Share to Teams
            </Button>
            <Button appearance="secondary" onClick={() => onOpenChange(false)}>
              Close
            </Button>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  );
}

/**
 * "2/3": final points equal to PointBot's history suggestion out of the stories it suggested for;
 * "-" when it suggested none (issue #9 section 3).
 */
export function accuracyLabel(a: SessionSummaryView["suggestionAccuracy"]): string {
  if (!a || a.total === 0) return "-";
  return `${a.matched}/${a.total}`;
}

/** " (3/3 in range)": the stories whose final points fell within PointBot's likely range; empty when none. */
export function inRangeNote(a: SessionSummaryView["suggestionAccuracy"]): string {
  return !a || a.total === 0 ? "" : ` (${a.withinRange}/${a.total} in range)`;
}
