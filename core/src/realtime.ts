import { z } from "zod";
import type { CriteriaSuggestionView } from "./criteriaSuggestions";
import type { InsightView } from "./insights";
import type {
  ParticipantView,
  SessionInvitationView,
  SessionView,
  StoryResults,
  StoryStats,
  StoryView,
  VoteView,
} from "./presented";
import { updateStorySchema } from "./storySchemas";
import { text } from "./text";
import { castVoteSchema } from "./voteSchemas";

/**
 * WebSocket frames at /ws: JSON `{type, ...fields}` (DESIGN.md "Contracts", spec part 2
 * sections 4 and 7). Pushes carry presented data with secrecy applied, so clients need not
 * refetch; a (re)joining client first receives `session_snapshot`.
 */

/** `join_session`: enter a session's room. Identity comes from the cookie or a token, never the ids. */
export const joinSessionFrame = z.object({
  type: z.literal("join_session"),
  sessionId: text("Session"),
  /** Must be the caller's own user id when sent. */
  userId: text("User").nullish(),
  /** Must be the caller's own participant id when sent. */
  participantId: text("Participant").nullish(),
  displayName: text("Display name").nullish(),
  /** A guest's participant token (else the `pt_<sessionId>` cookie or the socket URL's query). */
  participantToken: text("Participant token").optional(),
  /** Teams SSO token (the tab inside Teams): browsers cannot set an Authorization header on a WebSocket. */
  accessToken: text("Access token").optional(),
});

/** `vote_update`: cast, change or (points null or `?`) retract the caller's vote; as POST /api/votes. */
export const voteUpdateFrame = castVoteSchema.extend({ type: z.literal("vote_update") });

/** `story_status_change`: the leader moves a story (Next Story, Skip, reopen); as PATCH /api/stories/{id}. */
export const storyStatusChangeFrame = z.object({
  type: z.literal("story_status_change"),
  storyId: z.uuid("Invalid story"),
  status: updateStorySchema.shape.status.unwrap(),
  finalPoints: updateStorySchema.shape.finalPoints,
});

/** The emoji reactions anyone in a session may send (issue #8 section 6): never stored. */
export const REACTION_EMOJIS = ["👍", "🎉", "🤔", "☕"] as const;
/** One of REACTION_EMOJIS. */
export type ReactionEmoji = (typeof REACTION_EMOJIS)[number];

/**
 * `reaction`: float one of REACTION_EMOJIS on everyone's screen for 3 s (issue #8 section 6).
 * Rate-limited per socket; never stored; the room gets a `reaction` push.
 */
export const reactionFrame = z.object({
  type: z.literal("reaction"),
  emoji: z.enum(REACTION_EMOJIS, { error: `Reaction must be one of: ${REACTION_EMOJIS.join(" ")}` }),
});

/**
 * `watch_team`: receive `team_updated` pushes of one team (its settings and sessions pages, the
 * dashboard; issue #11). Signed-in team members only (teamPolicy.view); membership is re-checked
 * at every push, so a removed member gets `team_access_revoked` and is unsubscribed. A socket
 * may watch several teams (at most MAX_WATCHED_TEAMS) besides joining a session.
 */
export const watchTeamFrame = z.object({
  type: z.literal("watch_team"),
  teamId: text("Team"),
  /** Teams SSO token (the tab inside Teams), as in `join_session`. */
  accessToken: text("Access token").optional(),
});

/** `unwatch_team`: stop the `team_updated` pushes of one team (no answer; unknown ids are ignored). */
export const unwatchTeamFrame = z.object({ type: z.literal("unwatch_team"), teamId: text("Team") });

/**
 * `watch_my_teams`: receive `team_added` when the signed-in caller joins a team (an existing
 * user invited and added at once, or an invitation accepted by e-mail or by link; issue #11), so
 * an open dashboard shows the new team and its sessions without reload. One per socket; sending
 * it again is answered with `ack` and changes nothing.
 */
export const watchMyTeamsFrame = z.object({
  type: z.literal("watch_my_teams"),
  /** Teams SSO token (the tab inside Teams), as in `join_session`. */
  accessToken: text("Access token").optional(),
});

/** Teams one socket may watch at once: beyond, `watch_team` answers RATE_LIMITED. */
export const MAX_WATCHED_TEAMS = 50;

/**
 * What changed in a team (`team_updated.change`): a member's role, a member removed, members
 * added (an invitation accepted or an existing user added at once), or the name/description.
 */
export type TeamChange = "member_role" | "member_removed" | "members_added" | "team_edited";

/**
 * `ping`: the heartbeat (issue #8 section 5) and the clock sample (issue #22 section 1): the
 * server answers `pong` with the same `id` and its clock, so the client measures the round trip
 * and bounds its clock offset.
 */
export const pingFrame = z.object({
  type: z.literal("ping"),
  /** Any number the client chooses to match the pong to its ping. */
  id: z.number().int().min(0).max(Number.MAX_SAFE_INTEGER).optional(),
});

/**
 * Frames a client sends, validated by the server before use (spec part 2 section 4; DESIGN.md
 * "Contracts"). A frame that fails is answered with an `error` frame, code VALIDATION_ERROR.
 */
export const clientMessageSchema = z.discriminatedUnion("type", [
  joinSessionFrame,
  voteUpdateFrame,
  storyStatusChangeFrame,
  reactionFrame,
  watchTeamFrame,
  unwatchTeamFrame,
  watchMyTeamsFrame,
  z.object({ type: z.literal("leave_session") }),
  pingFrame,
]);

/** A frame as a client sends it (`points` may be `"?"`). */
export type ClientMessage = z.input<typeof clientMessageSchema>;
/** A frame after validation, as the server handles it (`"?"` became null). */
export type ParsedClientMessage = z.infer<typeof clientMessageSchema>;

/**
 * WebSocket close code sent to a removed participant's sockets after `participant_removed`
 * (issue #8 section 1): an application code (RFC 6455 4000-4999), so clients do not reconnect.
 */
export const CLOSE_REMOVED = 4403;

/** Who is connected to a session right now. */
export interface Presence {
  /** voterKeys (`u:<userId>`, `p:<participantId>`) with at least one open connection. */
  online: string[];
  /** True when the session's leader or creator is connected (Live badge). */
  leaderPresent: boolean;
}

/**
 * The round's "n of m" that travels with the snapshot and with `participants_update` (issue #8
 * section 1): counts for `currentStoryId`, the group's current story (the active story, else
 * the first open one; null without one, counts then 0 voted of the expected voters).
 */
export interface RoundProgressFields {
  currentStoryId: string | null;
  /** Votes (never coffee) of expected voters on that story. */
  votedCount: number;
  /** Present, non-observer participants (core `expectedVoters`). */
  expectedVoters: number;
}

/**
 * The session's story counts after a change of its stories (issue #22 section 3): a client that
 * holds only a window of a big backlog keeps Session Stats, the Results toggle and the status
 * right without the whole queue. Absent from pushes of older servers.
 */
export interface StoryStatsField {
  storyStats?: StoryStats;
}

/**
 * People a `session_snapshot` carries in full in a room larger than this (issue #24 section 3):
 * the first ones in join order, plus the leader(s) and the viewer themself; `participantCounts`
 * tells the whole room and GET /api/sessions/{id}/participants?offset&limit reads the rest. A
 * room of at most this many people gets everyone, in the snapshot and in every
 * `participants_update`, as before. At 500 joiners a full list for each would cost
 * N x N x ~300 B = 75 MB; this window keeps a burst's snapshots near 500 x 15 kB.
 */
export const SNAPSHOT_PARTICIPANT_WINDOW = 40;

/**
 * The room's head counts (issue #24 section 3), in the snapshot and in every
 * `participants_update`: a client holding only the first people of a big room still shows the
 * whole. Absent from frames of older servers.
 */
export interface ParticipantCountsField {
  participantCounts?: {
    /** Participants of the session (removed ones left out). */
    total: number;
    /** Of them, present: connected, or within the 30 s grace (core `isPresent`). */
    present: number;
  };
}

/** Stories a `stories_imported` push carries at most (the first ones); `count` says how many were added. */
export const IMPORT_PUSH_STORIES = 50;

/** Frames the server sends. */
export type ServerMessage =
  | ({
      type: "session_snapshot";
      session: SessionView;
      /**
       * A window of the queue around the current story (issue #22 section 3), in queue order:
       * every story when the backlog fits in it; `storyWindow` says which part.
       */
      stories: StoryView[];
      /** Where `stories` sits in the queue: index of its first story, and the queue's length. */
      storyWindow: { offset: number; total: number };
      /** Votes on the stories of the window (secrecy applied). */
      votes: VoteView[];
      /**
       * Everyone, in join order, in a room of at most SNAPSHOT_PARTICIPANT_WINDOW people; in a
       * bigger room the first SNAPSHOT_PARTICIPANT_WINDOW in join order plus the leader(s) and
       * the viewer themself (issue #24 section 3): `participantCounts.total` says how many there are.
       */
      participants: ParticipantView[];
      /** Pending invitations by e-mail: in the leader's snapshot only (issue #7). */
      invitations?: SessionInvitationView[];
      /** Of the connected voterKeys, in a big room only those of `participants` (and the leaders). */
      presence: Presence;
      results: Record<string, StoryResults>;
      you: { voterKey: string; isLeader: boolean };
      /** The server's clock when the snapshot was made (ISO 8601): clients correct the round timer by it. */
      serverNow: string;
    } & RoundProgressFields &
      ParticipantCountsField)
  | ({
      /**
       * A delta: participants added or changed (role, `present`), voterKeys that came online or
       * went offline, and the current story's counts (issue #8 section 1). Sent when someone
       * joins, connects, disconnects, when the presence grace runs out, on a role change and
       * after a removal. Coalesced per session (issue #10): one frame may carry several joins, at
       * most one frame per window (50 ms per 50 people in the room, issue #24 section 3); a
       * participant the client already has is upserted again. In a room of more than
       * SNAPSHOT_PARTICIPANT_WINDOW people, `participants`, `online` and `offline` cover only the
       * snapshot's room-wide part (the first SNAPSHOT_PARTICIPANT_WINDOW in join order and the
       * leaders; whoever newly enters it after a removal is sent in full) and anyone whose role
       * changed; everyone else's joins and presence arrive as `participantCounts` and round counts.
       */
      type: "participants_update";
      sessionId: string;
      participants: ParticipantView[];
      online: string[];
      offline: string[];
      leaderPresent: boolean;
    } & RoundProgressFields &
      ParticipantCountsField)
  | {
      type: "vote_update";
      sessionId: string;
      storyId: string;
      vote: VoteView | null;
      voterKey: string;
      /** Votes of expected voters on `storyId` (core `roundCounts`; coffee never counts). */
      votedCount: number;
      /** Present, non-observer participants (core `expectedVoters`; issue #8 section 7). */
      expectedVoters: number;
    }
  | {
      /**
       * The leader removed a participant (DELETE /api/sessions/{id}/participants/{participantId};
       * issue #8 section 1): sent to the whole room; the removed person's own sockets are closed
       * right after it (close code 4403), and everyone else drops the participant.
       */
      type: "participant_removed";
      sessionId: string;
      participantId: string;
      voterKey: string;
    }
  | { type: "votes_revealed"; sessionId: string; story: StoryView; votes: VoteView[]; results: StoryResults }
  | ({
      type: "story_update";
      sessionId: string;
      action: "created" | "deleted";
      story: StoryView;
      /**
       * A story added by hand goes right after the group's current story (issue #22 section 2):
       * the story it follows (null: first). Absent when it went to the end of the queue. Every
       * position is then numbered 0, 1, 2 ... in queue order.
       */
      afterStoryId?: string | null;
    } & StoryStatsField)
  | ({
      /**
       * Stories were added in bulk (CSV, Jira): `count` of them; `stories` carries at most
       * IMPORT_PUSH_STORIES of them (the first), so a 2,000-row import does not push megabytes to
       * every socket (issue #22 section 3); clients read the rest as their queue needs it.
       */
      type: "stories_imported";
      sessionId: string;
      stories: StoryView[];
      count: number;
    } & StoryStatsField)
  | ({ type: "story_updated"; sessionId: string; story: StoryView } & StoryStatsField)
  | ({ type: "story_status_change"; sessionId: string; story: StoryView } & StoryStatsField)
  | { type: "round_started"; sessionId: string; story: StoryView }
  /**
   * The leader moved one story (POST /api/stories/{id}/move; issue #22 section 2): it now follows
   * `afterStoryId` (null: first), and every position is numbered 0, 1, 2 ... in queue order.
   */
  | { type: "story_moved"; sessionId: string; storyId: string; afterStoryId: string | null }
  /** The leader reordered the queue (PUT /api/sessions/{id}/story-order): every story id in its new order. */
  | { type: "stories_reordered"; sessionId: string; storyIds: string[] }
  /**
   * The leader started (or restarted) the round timer of a story (issue #8 section 2): it ends at
   * `endsAt`; `serverNow` is the server's clock when sent (both ISO 8601), so a client shows
   * `endsAt - (Date.now() + serverNow - receivedAt)`.
   */
  | { type: "timer_started"; sessionId: string; storyId: string; endsAt: string; serverNow: string }
  /** The story's round timer stopped: the leader stopped it, or a reveal, new round or story change did. */
  | { type: "timer_stopped"; sessionId: string; storyId: string }
  /**
   * Acceptance-criteria suggestions (spec part 2 section 4; issue #9 section 2): a pending one was
   * made (a participant's or PointBot's), approved (its criterion is now last in `story`) or
   * rejected. Carried presented, without e-mail.
   */
  | { type: "criteria_suggestion_added"; sessionId: string; suggestion: CriteriaSuggestionView }
  | { type: "criteria_suggestion_approved"; sessionId: string; suggestion: CriteriaSuggestionView; story: StoryView }
  | { type: "criteria_suggestion_rejected"; sessionId: string; suggestion: CriteriaSuggestionView }
  | { type: "active_story_changed"; sessionId: string; storyId: string | null; timestamp: string }
  /** The leader regenerated or deleted PointBot's insights (issue #9 section 2): the whole new list. */
  | { type: "insights_updated"; sessionId: string; insights: InsightView[] }
  | { type: "session_updated"; session: SessionView }
  | { type: "session_deleted"; sessionId: string }
  /**
   * Someone sent an emoji reaction (issue #8 section 6): float it for 3 s. Never stored;
   * `voterKey` and `name` say who sent it.
   */
  | { type: "reaction"; sessionId: string; emoji: ReactionEmoji; voterKey: string; name: string }
  | {
      /**
       * A watched team changed (issue #11; sent only to current members who sent `watch_team`):
       * `change` says what, `userId` whose membership it was (role, removal). Clients refetch the
       * team, its members and sessions. The first answer to `watch_team` is `ack`.
       */
      type: "team_updated";
      teamId: string;
      change: TeamChange;
      userId?: string;
    }
  | {
      /**
       * The caller (a socket that sent `watch_my_teams`) was added to a team (issue #11): clients
       * refetch their teams and sessions, then watch the new team (`watch_team`).
       */
      type: "team_added";
      teamId: string;
    }
  | {
      /**
       * The watcher is no longer a member of the team (removed, or the team is gone): no more
       * pushes of that team reach this socket; the client shows the not-found view.
       */
      type: "team_access_revoked";
      teamId: string;
    }
  | { type: "ack"; for: ClientMessage["type"]; vote?: VoteView | null; teamId?: string }
  | {
      /** The answer to `ping`: its `id`, and the server's clock (ms since the epoch) when it answered. */
      type: "pong";
      id?: number;
      serverNow?: number;
    }
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
