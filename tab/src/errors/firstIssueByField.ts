/**
 * The first zod issue message per top-level field (`{title: "Title is required"}`), as the
 * forms show them under each field (spec part 1 section 5: one message per field).
 */
export function firstIssueByField(issues: readonly { path: readonly PropertyKey[]; message: string }[]) {
  const errors: Record<string, string> = {};
  for (const issue of issues) errors[String(issue.path[0])] ??= issue.message;
  return errors;
}
