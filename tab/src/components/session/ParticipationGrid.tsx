import { Avatar, makeStyles, mergeClasses, ProgressBar, shorthands, Text, tokens } from "@fluentui/react-components";
import { Checkmark16Filled, Clock16Regular } from "@fluentui/react-icons";
import { participationLevel } from "@pointwise/core/consensus";
import { type Card, COFFEE_LABEL, cardLabel } from "@pointwise/core/decks";
import type { ParticipantView, VoteView } from "@pointwise/core/presented";
import { useAnnouncedText } from "../common/LiveAnnouncer";

const useStyles = makeStyles({
  root: { display: "flex", flexDirection: "column", gap: "8px" },
  head: { display: "flex", justifyContent: "space-between", alignItems: "center" },
  grid: { display: "grid", gridTemplateColumns: "repeat(auto-fill, minmax(150px, 1fr))", gap: "8px" },
  tile: {
    display: "flex",
    alignItems: "center",
    gap: "8px",
    padding: "8px",
    borderRadius: tokens.borderRadiusMedium,
    ...shorthands.border("1px", "solid", tokens.colorNeutralStroke2),
    backgroundColor: tokens.colorNeutralBackground2,
    minWidth: 0,
  },
  voted: {
    ...shorthands.borderColor(tokens.colorPaletteGreenBorder2),
    backgroundColor: tokens.colorPaletteGreenBackground1,
  },
  offline: { opacity: 0.55 },
  name: { flex: 1, minWidth: 0, overflow: "hidden", textOverflow: "ellipsis", whiteSpace: "nowrap" },
  points: { fontWeight: 700, fontSize: tokens.fontSizeBase400 },
  all: { color: tokens.colorPaletteGreenForeground1 },
  most: { color: tokens.colorPaletteMarigoldForeground1 },
});

/** Props of ParticipationGrid: `voters` are the expected voters; `online` null before presence is known. */
export interface ParticipationGridProps {
  participants: ParticipantView[];
  voters: ParticipantView[];
  votes: VoteView[];
  online: string[] | null;
  deck: Card[];
  revealed: boolean;
}

/**
 * Team participation: one tile per participant, voted or not (points once revealed), ☕ for a
 * break request (shown to everyone, not counted as voted; issue #8 section 4); the count
 * is green when all voted and amber at 80 % or more (spec part 2 section 9).
 */
export function ParticipationGrid({ participants, voters, votes, online, deck, revealed }: ParticipationGridProps) {
  const styles = useStyles();
  // A coffee card is a break request, not a vote (issue #8 section 4).
  const voted = voters.filter((p) => votes.some((v) => v.voterKey === p.voterKey && !v.coffee)).length;
  const level = participationLevel(voted, voters.length);
  const levelClass = level === "all" ? styles.all : level === "most" ? styles.most : undefined;
  // Read out through the one live region when the count changes (issue #8 section 6).
  useAnnouncedText(`${voted} of ${voters.length} voted`);
  return (
    <div className={styles.root}>
      <div className={styles.head}>
        <Text weight="semibold">Team participation</Text>
        <Text className={levelClass} data-testid="participation-count" data-level={level}>
          {voted} of {voters.length} voted
        </Text>
      </div>
      <ProgressBar
        aria-label="Votes cast"
        value={voters.length > 0 ? voted / voters.length : 0}
        color={level === "all" ? "success" : level === "most" ? "warning" : "brand"}
        thickness="large"
      />
      <div className={styles.grid}>
        {participants.map((p) => {
          const found = votes.find((v) => v.voterKey === p.voterKey);
          const breakRequest = found?.coffee === true;
          const vote = breakRequest ? undefined : found;
          const isOnline = online === null || online.includes(p.voterKey);
          return (
            <div
              key={p.id}
              className={mergeClasses(styles.tile, vote && styles.voted, !isOnline && styles.offline)}
              data-testid={`participant-${p.voterKey}`}
              data-voted={vote ? "true" : "false"}
              title={isOnline ? p.displayName : `${p.displayName} (offline)`}
            >
              <Avatar
                name={p.displayName}
                size={24}
                badge={online === null ? undefined : { status: isOnline ? "available" : "offline" }}
              />
              <Text className={styles.name}>{p.displayName}</Text>
              {breakRequest ? (
                <span role="img" aria-label={COFFEE_LABEL} title={COFFEE_LABEL}>
                  ☕
                </span>
              ) : revealed && vote ? (
                <span className={styles.points}>{vote.points === undefined ? "?" : cardLabel(deck, vote.points)}</span>
              ) : vote ? (
                <Checkmark16Filled aria-label="Voted" />
              ) : (
                <Clock16Regular aria-label="Not voted yet" />
              )}
            </div>
          );
        })}
      </div>
    </div>
  );
}
