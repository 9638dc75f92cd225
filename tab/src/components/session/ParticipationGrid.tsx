import { Avatar, makeStyles, mergeClasses, ProgressBar, shorthands, Text, tokens } from "@fluentui/react-components";
import { Checkmark16Filled, Clock16Regular } from "@fluentui/react-icons";
import { participationLevel } from "@pointwise/core/consensus";
import { type Card, COFFEE_LABEL, cardLabel } from "@pointwise/core/decks";
import type { ParticipantView, VoteView } from "@pointwise/core/presented";
import { roundCounts } from "@pointwise/core/voters";
import { useAnnouncedText } from "../common/LiveAnnouncer";
import { ParticipantsMore } from "./ParticipantsMore";
import { ParticipantTileMenu } from "./ParticipantTileMenu";

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
  absent: { opacity: 0.45, ...shorthands.borderStyle("dashed") },
  observers: { display: "flex", flexDirection: "column", gap: "6px" },
  observerLabel: { color: tokens.colorNeutralForeground3, fontSize: tokens.fontSizeBase200 },
  name: { flex: 1, minWidth: 0, overflow: "hidden", textOverflow: "ellipsis", whiteSpace: "nowrap" },
  points: { fontWeight: 700, fontSize: tokens.fontSizeBase400 },
  all: { color: tokens.colorPaletteGreenForeground1 },
  most: { color: tokens.colorPaletteMarigoldForeground1 },
});

/**
 * Props of ParticipationGrid: `voters` are the expected voters (core `expectedVoters`: present
 * non-observers); `online` null before presence is known. With `manage` the leader gets a menu
 * on each tile (observer switch, removal; issue #8 section 1). `counts` (roundTally) is the
 * round's "n of m" when the people held are not the whole room, `room` its head counts: a big
 * room (issue #24 section 3) shows the people held and reads the rest on demand.
 */
export interface ParticipationGridProps {
  participants: ParticipantView[];
  voters: ParticipantView[];
  counts?: { votedCount: number; expectedVoters: number };
  room?: { sessionId: string; total: number; big: boolean };
  votes: VoteView[];
  online: string[] | null;
  deck: Card[];
  revealed: boolean;
  manage?: { sessionId: string; leaderUserIds: (string | null)[] };
}

/**
 * Team participation: one tile per voter, voted or not (points once revealed), ☕ for a
 * break request (shown to everyone, not counted as voted; issue #8 section 4); the count
 * is green when all voted and amber at 80 % or more (spec part 2 section 9). Absent people
 * (gone longer than the grace) are greyed and not counted; observers are listed apart,
 * labelled "Observer", and never counted (issue #8 section 1).
 */
export function ParticipationGrid({
  participants,
  voters,
  counts: given,
  room,
  votes,
  online,
  deck,
  revealed,
  manage,
}: ParticipationGridProps) {
  const styles = useStyles();
  const voting = participants.filter((p) => p.role !== "observer");
  const observers = participants.filter((p) => p.role === "observer");
  const menuFor = (p: ParticipantView) =>
    manage ? (
      <ParticipantTileMenu
        sessionId={manage.sessionId}
        participant={p}
        removable={p.role !== "creator" && !manage.leaderUserIds.includes(p.userId)}
      />
    ) : null;
  // A big room's pushes carry the presence of its first people only: anyone else present counts as online.
  const isOnline = (p: ParticipantView) =>
    online === null || online.includes(p.voterKey) || (room?.big === true && p.present);
  const badgeOf = (p: ParticipantView) =>
    online === null
      ? undefined
      : {
          status: isOnline(p) ? ("available" as const) : p.present ? ("away" as const) : ("offline" as const),
        };
  // The one rule (core roundCounts): votes of expected voters; a coffee card is not a vote.
  const counts =
    given ??
    roundCounts(
      voters,
      votes.filter((v) => !v.coffee).map((v) => v.voterKey),
    );
  const voted = counts.votedCount;
  const level = participationLevel(voted, counts.expectedVoters);
  const levelClass = level === "all" ? styles.all : level === "most" ? styles.most : undefined;
  // Read out through the one live region when the count changes (issue #8 section 6).
  useAnnouncedText(`${voted} of ${counts.expectedVoters} voted`);
  return (
    <div className={styles.root}>
      <div className={styles.head}>
        <Text weight="semibold">Team participation</Text>
        <Text className={levelClass} data-testid="participation-count" data-level={level}>
          {voted} of {counts.expectedVoters} voted
        </Text>
      </div>
      <ProgressBar
        aria-label="Votes cast"
        value={counts.expectedVoters > 0 ? voted / counts.expectedVoters : 0}
        color={level === "all" ? "success" : level === "most" ? "warning" : "brand"}
        thickness="large"
      />
      <div className={styles.grid}>
        {voting.map((p) => {
          const found = votes.find((v) => v.voterKey === p.voterKey);
          const breakRequest = found?.coffee === true;
          const vote = breakRequest ? undefined : found;
          const onlineNow = isOnline(p);
          return (
            <div
              key={p.id}
              className={mergeClasses(
                styles.tile,
                vote && p.present && styles.voted,
                !onlineNow && styles.offline,
                !p.present && styles.absent,
              )}
              data-testid={`participant-${p.voterKey}`}
              data-voted={vote ? "true" : "false"}
              data-present={p.present ? "true" : "false"}
              title={
                p.present
                  ? onlineNow
                    ? p.displayName
                    : `${p.displayName} (reconnecting)`
                  : `${p.displayName} (away, not counted)`
              }
            >
              <Avatar name={p.displayName} size={24} badge={badgeOf(p)} />
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
                <Clock16Regular aria-label={p.present ? "Not voted yet" : "Away"} />
              )}
              {menuFor(p)}
            </div>
          );
        })}
      </div>
      {observers.length > 0 ? (
        <div className={styles.observers} data-testid="observers">
          <Text size={200} weight="semibold">
            Observers
          </Text>
          <div className={styles.grid}>
            {observers.map((p) => (
              <div
                key={p.id}
                className={mergeClasses(styles.tile, !p.present && styles.absent)}
                data-testid={`participant-${p.voterKey}`}
                data-role="observer"
                data-present={p.present ? "true" : "false"}
              >
                <Avatar name={p.displayName} size={24} badge={badgeOf(p)} />
                <Text className={styles.name}>{p.displayName}</Text>
                <Text className={styles.observerLabel}>Observer</Text>
                {menuFor(p)}
              </div>
            ))}
          </div>
        </div>
      ) : null}
      {room?.big ? <ParticipantsMore sessionId={room.sessionId} held={participants.length} total={room.total} /> : null}
    </div>
  );
}
