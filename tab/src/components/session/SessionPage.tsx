import { Button, makeStyles, Spinner } from "@fluentui/react-components";
import { ErrorCircle24Regular, PeopleAudience24Regular } from "@fluentui/react-icons";
import { lazy, Suspense, useState } from "react";
import { useNavigate, useParams } from "react-router";
import { ApiError, isApiError } from "../../api/ApiError";
import { EmptyState } from "../common/EmptyState";
import { usePageTitle } from "../common/usePageTitle";
import { ConnectionStatus } from "./ConnectionStatus";
import { ReactionLayer } from "./ReactionLayer";
import { ResultsViewTabsPlaceholder, type StoriesOrResults } from "./ResultsViewTabsPlaceholder";
import { SessionHeader } from "./SessionHeader";
import { SessionSideColumn } from "./SessionSideColumn";
import { StoryEstimationPanel } from "./StoryEstimationPanel";
import { REMOVED_CODE } from "./sessionRemoved";
import { useSessionScreen } from "./useSessionScreen";

// Loaded on demand (issue #6 part 4, first load within budget): the rare removed/archived
// screens, and the results view with its tabs, which only exist once a story is completed.
const RemovedFromSession = lazy(() => import("./RemovedFromSession").then((m) => ({ default: m.RemovedFromSession })));
const SessionGoneScreen = lazy(() => import("./SessionGoneScreen").then((m) => ({ default: m.SessionGoneScreen })));
const SessionResults = lazy(() => import("./SessionResults").then((m) => ({ default: m.SessionResults })));
const ResultsViewTabs = lazy(() => import("./ResultsViewTabs").then((m) => ({ default: m.ResultsViewTabs })));

const useStyles = makeStyles({
  page: { display: "flex", flexDirection: "column", gap: "12px" },
  layout: {
    display: "grid",
    gridTemplateColumns: "minmax(0, 1fr) 320px",
    gap: "16px",
    alignItems: "start",
    "@media (max-width: 1100px)": { gridTemplateColumns: "minmax(0, 1fr)" },
  },
  center: { display: "flex", justifyContent: "center", padding: "48px" },
});

/** The session screen at /session/{id} (spec part 2 section 2). */
export function SessionPage() {
  const styles = useStyles();
  const { id = "" } = useParams();
  const navigate = useNavigate();
  const screen = useSessionScreen(id);
  const [view, setView] = useState<StoriesOrResults | null>(null);
  const { session } = screen;
  usePageTitle(session.data ? session.data.title : session.isLoading ? undefined : "Session");

  if (session.isLoading) {
    return (
      <div className={styles.center}>
        <Spinner label="Loading session..." />
      </div>
    );
  }
  const error = session.error;
  // Removed by the leader (issue #8 section 1): the live push, or the API's refusal after it.
  if (screen.live.removed || isApiError(error, REMOVED_CODE)) {
    return (
      <Suspense fallback={null}>
        <RemovedFromSession />
      </Suspense>
    );
  }
  if (error instanceof ApiError && (error.status === 401 || error.status === 403)) {
    return (
      <EmptyState
        icon={<PeopleAudience24Regular />}
        title="Join this session"
        message="You are not a participant of this session yet. Join it to vote with the team."
        action={
          <Button appearance="primary" onClick={() => navigate(`/join/${id}`)}>
            Join Session
          </Button>
        }
      />
    );
  }
  // Archived or deleted while this screen was open (issue #8 section 5).
  if (screen.live.deleted || screen.live.archived) {
    return (
      <Suspense fallback={null}>
        <SessionGoneScreen kind={screen.live.deleted ? "deleted" : "archived"} signedIn={screen.signedIn} />
      </Suspense>
    );
  }
  if (!session.data) {
    return (
      <EmptyState
        icon={<ErrorCircle24Regular />}
        title="Session not found"
        message="This session does not exist or has been deleted."
        testId="session-not-found"
        action={<Button onClick={() => navigate("/")}>Go to Dashboard</Button>}
      />
    );
  }

  // The session's counts, as the server keeps them (the screen may hold only part of a big queue).
  const { stats } = session.data;
  const allCompleted = stats.totalStories > 0 && stats.openStories === 0;
  // Results are available once any story is completed (issue #8 section 4); once every story
  // is done they are the natural view, until the person picks Stories.
  const anyCompleted = stats.completedStories > 0;
  const effectiveView = view ?? (allCompleted ? "results" : "stories");
  const showResults = (allCompleted || anyCompleted) && effectiveView === "results";
  return (
    <div className={styles.page}>
      <ConnectionStatus sessionId={id} live={screen.live} myVoterKey={screen.myVoterKey} />
      <SessionHeader
        screen={screen}
        session={session.data}
        reactions={<ReactionLayer sessionId={id} enabled={screen.presenceKnown} />}
      />
      {allCompleted || anyCompleted ? (
        <Suspense fallback={<ResultsViewTabsPlaceholder />}>
          <ResultsViewTabs view={effectiveView} onChange={setView} />
        </Suspense>
      ) : null}
      {showResults ? (
        <Suspense fallback={<Spinner label="Loading results..." />}>
          <SessionResults screen={screen} session={session.data} canManage={screen.isLeader} />
        </Suspense>
      ) : (
        <div className={styles.layout}>
          <StoryEstimationPanel screen={screen} session={session.data} />
          <SessionSideColumn screen={screen} session={session.data} />
        </div>
      )}
    </div>
  );
}
