import { Button, MessageBar, MessageBarActions, MessageBarBody, MessageBarTitle } from "@fluentui/react-components";

/** Shown to a non-leader viewing another story than the group: 'Out of sync with group' + Sync (spec part 2 section 2). */
export function OutOfSyncBanner({ groupTitle, onSync }: { groupTitle: string; onSync: () => void }) {
  return (
    <MessageBar intent="warning" layout="multiline" data-testid="out-of-sync-banner">
      <MessageBarBody>
        <MessageBarTitle>Out of sync with group</MessageBarTitle>
        Group is on: {groupTitle}
      </MessageBarBody>
      <MessageBarActions>
        <Button size="small" appearance="primary" onClick={onSync} data-testid="sync-button">
          Sync
        </Button>
      </MessageBarActions>
    </MessageBar>
  );
}
