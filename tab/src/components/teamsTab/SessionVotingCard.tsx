import { Spinner } from "@fluentui/react-components";
import { useSessionScreen } from "../session/useSessionScreen";
import { VotingCardPreview } from "./VotingCardPreview";

/** The voting card of a session's group story, loaded through the session screen's cache. */
export function SessionVotingCard({ sessionId }: { sessionId: string }) {
  const screen = useSessionScreen(sessionId);
  const session = screen.session.data;
  if (!session) return <Spinner aria-label="Loading" />;
  return <VotingCardPreview session={session} story={screen.groupStory} myVoterKey={screen.myVoterKey} />;
}
