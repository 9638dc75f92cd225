import { createQueryClient } from "./queryClient";

/** A read that answers when the test says so; `called()` resolves once it was asked for the next path. */
function deferredRead() {
  const calls: { path: string; answer(value: unknown): void }[] = [];
  let wake: () => void = () => undefined;
  const read = (path: string) =>
    new Promise<unknown>((resolve) => {
      calls.push({ path, answer: resolve });
      wake();
    });
  const called = () =>
    new Promise<void>((resolve) => {
      wake = resolve;
    });
  return { read, calls, called };
}

const KEY = ["/api/sessions", "s1", "participants"] as const;
/**
 * "Newest" is by Date.now (queryClient.ts): the tests step that clock by hand instead of
 * sleeping between a write and a read (issue #24 section 4).
 */
let now = 1_700_000_000_000;
let clock: jest.SpyInstance<number, []>;
beforeEach(() => {
  clock = jest.spyOn(Date, "now").mockImplementation(() => now);
});
afterEach(() => clock.mockRestore());

describe("createQueryClient: newest wins between a read and the pushes made meanwhile", () => {
  it("a read answered after a push does not undo the push (a guest who joined stays listed)", async () => {
    const { read, calls, called } = deferredRead();
    const client = createQueryClient(read);
    const asked = called();
    const fetching = client.fetchQuery({ queryKey: KEY });
    await asked;
    now += 1;
    expect(calls.map((c) => c.path)).toEqual(["/api/sessions/s1/participants"]);
    // The push (snapshot, then a join) lands while the read is on its way.
    client.setQueryData(KEY, ["leader", "gus"]);
    calls[0]?.answer(["leader"]);
    await expect(fetching).resolves.toEqual(["leader", "gus"]);
    expect(client.getQueryData(KEY)).toEqual(["leader", "gus"]);
  });

  it("a read with no push meanwhile answers its own data, also over older cached data", async () => {
    const { read, calls, called } = deferredRead();
    const client = createQueryClient(read);
    client.setQueryData(KEY, ["old"]);
    now += 1;
    const asked = called();
    const fetching = client.fetchQuery({ queryKey: KEY, staleTime: 0 });
    await asked;
    now += 1;
    calls[0]?.answer(["leader", "gus"]);
    await expect(fetching).resolves.toEqual(["leader", "gus"]);
    expect(client.getQueryData(KEY)).toEqual(["leader", "gus"]);
  });
});
