import { Button, Card, makeStyles, Spinner, Text, tokens } from "@fluentui/react-components";
import { ArrowClockwise20Regular, LockClosed20Regular, Sparkle20Regular } from "@fluentui/react-icons";
import { useNavigate } from "react-router";
import { isApiError } from "../../api/ApiError";
import { useDeleteInsight, useInsights, useRegenerateInsights } from "../../api/insightQueries";
import { useNotify } from "../../toasts/useNotify";
import { InsightItem } from "./InsightItem";

const useStyles = makeStyles({
  card: { padding: "16px", gap: "8px" },
  head: { display: "flex", alignItems: "center", justifyContent: "space-between", gap: "8px", flexWrap: "wrap" },
  title: { display: "inline-flex", alignItems: "center", gap: "6px" },
  list: { listStyle: "none", margin: 0, padding: 0 },
  muted: { color: tokens.colorNeutralForeground3 },
  upgrade: { display: "flex", flexDirection: "column", gap: "8px", alignItems: "flex-start" },
});

/** Refresh time as hour:minute (spec part 2 section 9). */
const hourMinute = (iso: string) =>
  new Date(iso).toLocaleTimeString([], { hour: "2-digit", minute: "2-digit", hour12: false });

/** "PointBot (local)" for the local engine's output, the model's name otherwise (issue #9 section 1). */
const engineLabel = (metadata: Record<string, unknown> | null | undefined): string =>
  metadata?.engine === "local" || typeof metadata?.model !== "string" ? "PointBot (local)" : metadata.model;

/**
 * The AI Insights card of the session's side column (spec part 2 section 2; issue #9 section 2):
 * PointBot's insights with their refresh time, Regenerate and Delete for the leader and the
 * spec's toasts; an upgrade prompt when the session owner's plan has no insights (403
 * PLAN_UPGRADE_REQUIRED).
 */
export function AiInsightsCard({ sessionId, isLeader }: { sessionId: string; isLeader: boolean }) {
  const styles = useStyles();
  const notify = useNotify();
  const navigate = useNavigate();
  const insights = useInsights(sessionId);
  const regenerate = useRegenerateInsights(sessionId);
  const remove = useDeleteInsight(sessionId);
  const gated = isApiError(insights.error, "PLAN_UPGRADE_REQUIRED");
  const list = insights.data ?? [];
  const refreshedAt = list.reduce<string | null>((t, i) => (t === null || i.generatedAt > t ? i.generatedAt : t), null);

  const onRegenerate = () =>
    regenerate.mutate(undefined, {
      onSuccess: () => notify("Insights regenerated"),
      onError: () => notify("Error", "Failed to regenerate insights", "error"),
    });
  const onDelete = (id: string) =>
    remove.mutate(id, {
      onSuccess: () => notify("Insight deleted"),
      onError: () => notify("Error", "Failed to delete insight", "error"),
    });

  return (
    <Card className={styles.card} data-testid="ai-insights-card">
      <div className={styles.head}>
        <Text weight="semibold" className={styles.title}>
          <Sparkle20Regular aria-hidden /> AI Insights
        </Text>
        {isLeader && !gated ? (
          <Button
            size="small"
            appearance="subtle"
            icon={regenerate.isPending ? <Spinner aria-hidden size="extra-tiny" /> : <ArrowClockwise20Regular />}
            onClick={onRegenerate}
            disabled={regenerate.isPending}
            data-testid="insights-regenerate"
          >
            {list.length ? "Regenerate" : "Generate"}
          </Button>
        ) : null}
      </div>
      {gated ? (
        <div className={styles.upgrade} data-testid="insights-upgrade">
          <Text size={200} className={styles.muted}>
            <LockClosed20Regular aria-hidden /> AI insights are available on the Basic and Pro plans.
          </Text>
          {isLeader ? (
            <Button size="small" appearance="primary" onClick={() => navigate("/settings")}>
              Upgrade plan
            </Button>
          ) : (
            <Text size={200} className={styles.muted}>
              Ask the session owner to upgrade.
            </Text>
          )}
        </div>
      ) : insights.isLoading ? (
        <Spinner size="tiny" label="Loading insights..." />
      ) : insights.isError ? (
        <Text size={200} className={styles.muted}>
          Insights could not be loaded.
        </Text>
      ) : list.length === 0 ? (
        <Text size={200} className={styles.muted}>
          {isLeader
            ? "No insights yet. Generate them once stories are estimated."
            : "No insights yet. The session leader can generate them."}
        </Text>
      ) : (
        <>
          {refreshedAt ? (
            <Text size={200} className={styles.muted} data-testid="insights-refreshed">
              {engineLabel(list[0]?.metadata)} · refreshed at {hourMinute(refreshedAt)}
            </Text>
          ) : null}
          <ul className={styles.list}>
            {list.map((insight) => (
              <InsightItem
                key={insight.id}
                insight={insight}
                onDelete={isLeader ? () => onDelete(insight.id) : undefined}
                deleting={remove.isPending && remove.variables === insight.id}
              />
            ))}
          </ul>
        </>
      )}
    </Card>
  );
}
