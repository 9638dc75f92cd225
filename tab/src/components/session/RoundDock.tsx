import { makeStyles, tokens } from "@fluentui/react-components";
import { AutoRevealSwitch } from "./AutoRevealSwitch";
import { Deck } from "./Deck";
import { LeaderRoundControls } from "./LeaderRoundControls";
import { RevealControls } from "./RevealControls";
import { RoundTimerPanel } from "./RoundTimerPanel";
import type { RoundState } from "./StoryEstimationPanel";

const useStyles = makeStyles({
  // Stays at the bottom of the window while the round is on screen (issue #22 section 2): the
  // deck and the leader's actions are never scrolled away, on a laptop or a phone.
  dock: {
    position: "sticky",
    bottom: 0,
    zIndex: 2,
    display: "flex",
    flexDirection: "column",
    gap: "10px",
    padding: "12px 16px",
    backgroundColor: tokens.colorNeutralBackground1,
    borderRadius: tokens.borderRadiusLarge,
    boxShadow: tokens.shadow16,
    border: `1px solid ${tokens.colorNeutralStroke2}`,
    "@media (max-width: 767.98px)": { padding: "8px 10px", gap: "6px", marginLeft: "-4px", marginRight: "-4px" },
  },
  actions: { display: "flex", alignItems: "flex-end", flexWrap: "wrap", gap: "8px 16px" },
});

/**
 * The round's dock (issue #22 section 2): the round timer, the caller's deck while the round is
 * open (voters; hidden once the votes are revealed, so the results have the room), Reveal or
 * "Waiting for N votes", and the leader's Next Story, Skip, New Round and final points. Nothing
 * for a finished story, and for a viewer of another story than the group's (out of sync) only
 * what they may do there.
 */
export function RoundDock({ round }: { round: RoundState }) {
  const styles = useStyles();
  const { screen, session, story, storyVotes, expectedVoters, votedCount, readOnly } = round;
  if (round.done) return null;
  const myVote = storyVotes.find((v) => v.voterKey === screen.myVoterKey);
  const showDeck = !round.observing && !story.votesRevealed && !readOnly;
  // Presence never known (before the first live snapshot): no vote yet, without saying why. While
  // reconnecting the last presence stands and a vote is kept pending until the socket is back
  // (issue #8 section 5).
  const presenceUnknown = !screen.live.presence;
  // The owner away as last known (round.ownerAbsent says so only while connected).
  const ownerAway = screen.live.presence?.leaderPresent === false;
  const leader = screen.isLeader && !readOnly;
  if (!showDeck && !leader && (readOnly || story.votesRevealed)) return null;
  return (
    <section className={styles.dock} aria-label="Your vote and the round's actions" data-testid="round-dock">
      {readOnly || story.votesRevealed ? null : (
        <RoundTimerPanel session={session} story={story} isLeader={screen.isLeader} />
      )}
      {/* A session setting, not the round's: the leader keeps it in reach after the reveal too. */}
      {leader && story.votesRevealed ? <AutoRevealSwitch session={session} /> : null}
      {showDeck ? (
        <Deck
          sessionId={session.id}
          storyId={story.id}
          deck={session.deck}
          myVoterKey={screen.myVoterKey}
          selected={myVote?.points ?? null}
          hasVoted={myVote !== undefined}
          coffee={myVote?.coffee === true}
          disabled={ownerAway || presenceUnknown || screen.myVoterKey === null}
        />
      ) : null}
      <div className={styles.actions}>
        {story.votesRevealed || readOnly ? null : (
          <RevealControls
            sessionId={session.id}
            storyId={story.id}
            isLeader={screen.isLeader}
            missing={expectedVoters - votedCount}
            votedCount={votedCount}
            timerEndsAt={story.timerEndsAt}
          />
        )}
        {leader ? (
          <LeaderRoundControls
            key={`${story.id}-${story.round}`}
            sessionId={session.id}
            story={story}
            deck={session.deck}
            votes={storyVotes}
            onDone={() => screen.chooseLocally(null)}
          />
        ) : null}
      </div>
    </section>
  );
}
