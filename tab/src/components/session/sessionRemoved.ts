/** True for the API's answer to someone the leader removed (403 PARTICIPANT_REMOVED; issue #8 section 1). */
export const REMOVED_CODE = "PARTICIPANT_REMOVED";
