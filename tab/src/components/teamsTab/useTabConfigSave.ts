import { useEffect, useRef } from "react";
import type { MeetingBinding } from "../../api/meetingQueries";
import type { TeamsHost } from "../../teamsHost/teamsHost";

/** Entity id of a configured Pointwise tab: one per session. */
const tabEntityId = (sessionId: string): string => `pointwise-${sessionId}`;

/**
 * Wires the configurable tab's Save (pages.config): valid once `sessionId` is chosen; on Save
 * binds the conversation to it (unless `alreadyBound`) and sets the tab's URLs: the side panel
 * as content (`/teams/sidepanel?sessionId=`, which opens the full session in a channel or chat
 * tab) and the website session as `websiteUrl`.
 */
export function useTabConfigSave(
  host: TeamsHost,
  sessionId: string | null,
  alreadyBound: boolean,
  bind: (binding: MeetingBinding) => Promise<unknown>,
): void {
  const bindRef = useRef(bind);
  bindRef.current = bind;

  useEffect(() => {
    const config = host.sdk.pages.config;
    if (!sessionId) {
      config.setValidityState(false);
      return;
    }
    config.registerOnSaveHandler((saveEvent) => {
      const origin = window.location.origin;
      const save = async () => {
        if (!alreadyBound) await bindRef.current({ sessionId });
        await config.setConfig({
          entityId: tabEntityId(sessionId),
          contentUrl: `${origin}/teams/sidepanel?sessionId=${encodeURIComponent(sessionId)}`,
          websiteUrl: `${origin}/session/${encodeURIComponent(sessionId)}`,
          suggestedDisplayName: "Pointwise",
        });
      };
      save().then(
        () => saveEvent.notifySuccess(),
        (error: unknown) => saveEvent.notifyFailure(error instanceof Error ? error.message : String(error)),
      );
    });
    config.setValidityState(true);
  }, [host, sessionId, alreadyBound]);
}
