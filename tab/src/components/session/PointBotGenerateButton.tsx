import { Button, Caption1, makeStyles, Spinner, tokens } from "@fluentui/react-components";
import { Sparkle16Regular } from "@fluentui/react-icons";
import { useAiEngine, useGenerateEnhancedDescription } from "../../api/pointbotMutations";
import { useNotify } from "../../toasts/useNotify";
import { analysisDescription } from "./analysisDescription";

const useStyles = makeStyles({
  row: { display: "flex", alignItems: "center", gap: "8px", flexWrap: "wrap" },
  label: { color: tokens.colorNeutralForeground3 },
});

/**
 * "Generate with PointBot" in Add Story and Edit Story (spec part 2 sections 5 and 8, issue #9
 * section 2): a blank
 * title toasts "Please enter a story title first."; otherwise the analysis fills the description
 * and appends its criteria, with the toasts "Technical Analysis Generated" and "Acceptance
 * Criteria Applied" (N criteria have been added to the form); a failure toasts "Failed to
 * generate technical analysis. Please try again.". Shows the engine's label next to the button.
 */
export function PointBotGenerateButton({
  sessionId,
  title,
  description,
  criteria,
  onApply,
}: {
  sessionId: string;
  title: string;
  description: string;
  criteria: string[];
  onApply: (patch: { description: string; acceptanceCriteria: string[] }) => void;
}) {
  const styles = useStyles();
  const notify = useNotify();
  const engine = useAiEngine();
  const generate = useGenerateEnhancedDescription(sessionId);

  const run = () => {
    if (!title.trim()) {
      notify("Error", "Please enter a story title first.", "error");
      return;
    }
    generate.mutate(
      { title: title.trim(), description },
      {
        onSuccess: (analysis) => {
          const have = new Set(criteria.map((c) => c.trim().toLowerCase()));
          const added = analysis.description.acceptanceCriteria.filter((c) => c.trim() && !have.has(c.toLowerCase()));
          onApply({ description: analysisDescription(analysis), acceptanceCriteria: [...criteria, ...added] });
          notify("Technical Analysis Generated", analysis.description.executiveSummary);
          notify("Acceptance Criteria Applied", `${added.length} criteria have been added to the form`);
        },
        onError: () => notify("Error", "Failed to generate technical analysis. Please try again.", "error"),
      },
    );
  };

  return (
    <div className={styles.row}>
      <Button
        icon={generate.isPending ? <Spinner aria-hidden size="extra-tiny" /> : <Sparkle16Regular />}
        onClick={run}
        disabled={generate.isPending}
        data-testid="pointbot-generate"
      >
        Generate with PointBot
      </Button>
      {engine.data ? (
        <Caption1 className={styles.label} data-testid="pointbot-engine">
          {engine.data.aiLabel}
        </Caption1>
      ) : null}
    </div>
  );
}
