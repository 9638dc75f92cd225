import type { ParticipantView, SessionView, StoryResults, StoryView, VoteView } from "./presented";
import type { StoryStatus } from "./storySchemas";

/**
 * WebSocket frames at /ws: JSON `{type, ...fields}` (DESIGN.md "Contracts", spec part 2
 * sections 4 and 7). Pushes carry presented data with secrecy applied, so clients need not
 * refetch; a (re)joining client first receives `session_snapshot`.
 */

/** Frames a client sends. Identity comes from the cookie or participant token, never the ids. */
export type ClientMessage =
  | {
      type: "join_session";
      sessionId: string;
      userId?: string | null;
      participantId?: string | null;
      displayName?: string | null;
      participantToken?: string;
      /** Teams SSO token (the tab inside Teams); identity as with `Authorization: Bearer`. */
      accessToken?: string;
    }
  | {
      type: "vote_update";
      storyId: string;
      userId?: string | null;
      participantId?: string | null;
      points: number | "?" | null;
    }
  | { type: "story_status_change"; storyId: string; status: StoryStatus; finalPoints?: number | null }
  | { type: "leave_session" }
  | { type: "ping" };

/** Who is connected to a session right now. */
export interface Presence {
  /** voterKeys (`u:<userId>`, `p:<participantId>`) with at least one open connection. */
  online: string[];
  /** True when the session's leader or creator is connected (Live badge). */
  leaderPresent: boolean;
}

/** Frames the server sends. */
export type ServerMessage =
  | {
      type: "session_snapshot";
      session: SessionView;
      stories: StoryView[];
      votes: VoteView[];
      participants: ParticipantView[];
      presence: Presence;
      results: Record<string, StoryResults>;
      you: { voterKey: string; isLeader: boolean };
    }
  | {
      /** A delta: participants added or changed, voterKeys that came online or went offline. */
      type: "participants_update";
      sessionId: string;
      participants: ParticipantView[];
      online: string[];
      offline: string[];
      leaderPresent: boolean;
    }
  | {
      type: "vote_update";
      sessionId: string;
      storyId: string;
      vote: VoteView | null;
      voterKey: string;
      votedCount: number;
    }
  | { type: "votes_revealed"; sessionId: string; story: StoryView; votes: VoteView[]; results: StoryResults }
  | { type: "story_update"; sessionId: string; action: "created" | "deleted"; story: StoryView }
  | { type: "stories_imported"; sessionId: string; stories: StoryView[] }
  | { type: "story_updated"; sessionId: string; story: StoryView }
  | { type: "story_status_change"; sessionId: string; story: StoryView }
  | { type: "round_started"; sessionId: string; story: StoryView }
  | { type: "active_story_changed"; sessionId: string; storyId: string | null; timestamp: string }
  | { type: "session_updated"; session: SessionView }
  | { type: "session_deleted"; sessionId: string }
  | { type: "ack"; for: ClientMessage["type"]; vote?: VoteView | null }
  | { type: "pong" }
  | { type: "error"; code: string; message: string }
  | {
      /**
       * Pushes may have been missed (the server's LISTEN connection to the database was lost
       * and is back, issue #6 part 3): the client sends `join_session` again and gets a fresh
       * `session_snapshot`. Clients may wait a random 0-1 s first to spread the rejoins.
       */
      type: "resync";
      reason: string;
    };

/** The `type` of any server frame. */
export type ServerMessageType = ServerMessage["type"];
