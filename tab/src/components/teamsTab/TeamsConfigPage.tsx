import { useTeamsHost } from "../../teamsHost/TeamsHostContext";
import { EmptyState } from "../common/EmptyState";
import { usePageTitle } from "../common/usePageTitle";
import { NotInTeams } from "./NotInTeams";
import { TabConfigForm } from "./TabConfigForm";

/**
 * /teams/config (frameContext settings): the configurable tab's setup. Pick one of the
 * sessions you lead, or create one bound to this meeting; Teams' Save then stores the tab.
 */
export function TeamsConfigPage() {
  usePageTitle("Set up the tab");
  const host = useTeamsHost();
  if (!host) return <NotInTeams sessionId={null} />;
  if (!host.signedIn) {
    return <EmptyState title="Sign-in needed" message="Sign in to Microsoft Teams to set up Pointwise." />;
  }
  return <TabConfigForm host={host} />;
}
