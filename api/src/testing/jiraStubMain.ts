import { JIRA_TEST, startJiraStub } from "./jiraStub";

/*
 * The Jira Cloud stand-in as its own process, for a harness that cannot start it in-process:
 * `npx tsx api/src/testing/jiraStubMain.ts [port]` prints `JIRA_STUB_URL=http://127.0.0.1:<port>`
 * and the test account, and serves its record at `GET /__stub/state` until stopped (SIGINT/SIGTERM).
 */
const port = Number(process.argv[2] ?? 0);
void startJiraStub({ port }).then((stub) => {
  process.stdout.write(
    `JIRA_STUB_URL=${stub.baseUrl}\nJIRA_STUB_EMAIL=${JIRA_TEST.email}\nJIRA_STUB_TOKEN=${JIRA_TEST.apiToken}\n`,
  );
  const stop = () => void stub.close().then(() => process.exit(0));
  process.on("SIGINT", stop);
  process.on("SIGTERM", stop);
});
