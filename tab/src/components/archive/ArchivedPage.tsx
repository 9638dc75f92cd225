import { Button, makeStyles, Skeleton, SkeletonItem, Title2 } from "@fluentui/react-components";
import { Archive24Regular, ArrowLeft20Regular } from "@fluentui/react-icons";
import { useNavigate } from "react-router";
import { useArchivedSessions } from "../../api/sessionQueries";
import { EmptyState } from "../common/EmptyState";
import { usePageTitle } from "../common/usePageTitle";
import { ArchivedSessionCard } from "./ArchivedSessionCard";

const useStyles = makeStyles({
  page: { display: "flex", flexDirection: "column", gap: "16px" },
  head: { display: "flex", justifyContent: "space-between", alignItems: "center", flexWrap: "wrap", gap: "8px" },
  grid: { display: "grid", gridTemplateColumns: "repeat(auto-fill, minmax(280px, 1fr))", gap: "16px" },
});

/** Archived Sessions at /archived (spec part 1 section 2). */
export function ArchivedPage() {
  const styles = useStyles();
  usePageTitle("Archived sessions");
  const navigate = useNavigate();
  const archived = useArchivedSessions();
  const back = (
    <Button appearance="subtle" icon={<ArrowLeft20Regular />} onClick={() => navigate("/")}>
      Back to Active Sessions
    </Button>
  );
  return (
    <div className={styles.page}>
      <div className={styles.head}>
        <Title2 as="h1">Archived Sessions</Title2>
        {back}
      </div>
      {archived.isLoading ? (
        <div className={styles.grid}>
          {[0, 1, 2, 3, 4, 5].map((i) => (
            <Skeleton key={i} aria-label="Loading archived session">
              <SkeletonItem style={{ height: 180 }} />
            </Skeleton>
          ))}
        </div>
      ) : (archived.data ?? []).length === 0 ? (
        <EmptyState
          icon={<Archive24Regular />}
          title="No Archived Sessions"
          message="Sessions you archive appear here."
          action={
            <Button appearance="primary" onClick={() => navigate("/")}>
              Go to Active Sessions
            </Button>
          }
        />
      ) : (
        <div className={styles.grid}>
          {(archived.data ?? []).map((session) => (
            <ArchivedSessionCard key={session.id} session={session} />
          ))}
        </div>
      )}
    </div>
  );
}
