import {
  accountAnswer,
  createdIssueAnswer,
  editedIssueAnswer,
  fieldListAnswer,
  issueCountAnswer,
  issueSearchAnswer,
  issueTypesAnswer,
  type JiraField,
  type JiraProject,
  projectPageAnswer,
} from "./jiraAnswers";
import { JiraError, type JiraTarget, jiraRequest } from "./jiraHttp";

/** The names Jira gives its story-points field: team-managed first, then company-managed. */
export const STORY_POINT_FIELD_NAMES = ["Story point estimate", "Story Points"] as const;

const enc = encodeURIComponent;

/**
 * The calls of Jira Cloud's REST API v3 the integration makes (issue #12), each one request
 * through {@link jiraRequest} (address rules, 10 s timeout, Retry-After within the request's
 * budget) whose answer is checked with its schema in jiraAnswers (issue #23 section 6).
 */
export const jira = {
  /** `GET /rest/api/3/myself`: the account the e-mail and token belong to (the connection test). */
  myself(target: JiraTarget) {
    return jiraRequest(target, "GET", "/rest/api/3/myself", accountAnswer);
  },

  /** Every project the account can see (`GET /rest/api/3/project/search`, all pages, at most 20). */
  async projects(target: JiraTarget): Promise<JiraProject[]> {
    const out: JiraProject[] = [];
    for (let startAt = 0, page = 0; page < 20; page++) {
      const res = await jiraRequest(
        target,
        "GET",
        `/rest/api/3/project/search?startAt=${startAt}&maxResults=50&orderBy=name`,
        projectPageAnswer,
      );
      out.push(...res.values.map((p) => ({ id: p.id, key: p.key, name: p.name })));
      startAt += res.values.length;
      if (res.isLast !== false || res.values.length === 0) break;
    }
    return out;
  },

  /** `GET /rest/api/3/field`: system and custom fields. */
  fields(target: JiraTarget): Promise<JiraField[]> {
    return jiraRequest(target, "GET", "/rest/api/3/field", fieldListAnswer);
  },

  /** The issue types a project's create screen offers (`GET .../issue/createmeta/{key}/issuetypes`). */
  async issueTypes(target: JiraTarget, projectKey: string): Promise<{ id: string; name: string }[]> {
    const res = await jiraRequest(
      target,
      "GET",
      `/rest/api/3/issue/createmeta/${enc(projectKey)}/issuetypes?maxResults=200`,
      issueTypesAnswer,
    );
    return (res.issueTypes ?? []).filter((t) => !t.subtask).map((t) => ({ id: t.id, name: t.name }));
  },

  /** `POST /rest/api/3/issue`: creates one issue; answers its id and key. */
  createIssue(target: JiraTarget, fields: Record<string, unknown>) {
    return jiraRequest(target, "POST", "/rest/api/3/issue", createdIssueAnswer, { fields });
  },

  /** `PUT /rest/api/3/issue/{key}`: sets fields of one issue. */
  async editIssue(target: JiraTarget, key: string, fields: Record<string, unknown>): Promise<void> {
    await jiraRequest(target, "PUT", `/rest/api/3/issue/${enc(key)}`, editedIssueAnswer, { fields });
  },

  /**
   * `POST /rest/api/3/search/jql` with `fields` (without them Jira answers ids only), at most
   * `max` issues (one page of up to 100), and the approximate count for `total`.
   */
  async search(target: JiraTarget, jql: string, fields: string[], max: number) {
    const maxResults = Math.min(max, 100);
    const page = await jiraRequest(target, "POST", "/rest/api/3/search/jql", issueSearchAnswer, {
      jql,
      fields,
      maxResults,
    });
    const count = await jiraRequest(target, "POST", "/rest/api/3/search/approximate-count", issueCountAnswer, {
      jql,
    });
    const issues = page.issues.slice(0, maxResults);
    return { issues, total: Math.max(count.count, issues.length) };
  },
};

/**
 * The story-points field of a site: the custom field named "Story point estimate", else
 * "Story Points" (issue #12 section 3).
 * @throws JiraError("api") when the site has neither.
 */
export function pickStoryPointsField(fields: readonly JiraField[]): string {
  for (const name of STORY_POINT_FIELD_NAMES) {
    const found = fields.find((f) => f.custom && f.name.toLowerCase() === name.toLowerCase());
    if (found) return found.id;
  }
  throw new JiraError("api", 'No "Story point estimate" or "Story Points" field in this Jira site');
}
