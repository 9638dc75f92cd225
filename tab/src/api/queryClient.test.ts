import { createQueryClient } from "./queryClient";

/** A read that answers when the test says so. */
function deferredRead() {
  const calls: { path: string; answer(value: unknown): void }[] = [];
  const read = (path: string) => new Promise<unknown>((resolve) => calls.push({ path, answer: resolve }));
  return { read, calls };
}

const KEY = ["/api/sessions", "s1", "participants"] as const;
const tick = () => new Promise((r) => setTimeout(r, 5));

describe("createQueryClient: newest wins between a read and the pushes made meanwhile", () => {
  it("a read answered after a push does not undo the push (a guest who joined stays listed)", async () => {
    const { read, calls } = deferredRead();
    const client = createQueryClient(read);
    const fetching = client.fetchQuery({ queryKey: KEY });
    await tick();
    expect(calls.map((c) => c.path)).toEqual(["/api/sessions/s1/participants"]);
    // The push (snapshot, then a join) lands while the read is on its way.
    client.setQueryData(KEY, ["leader", "gus"]);
    calls[0]?.answer(["leader"]);
    await expect(fetching).resolves.toEqual(["leader", "gus"]);
    expect(client.getQueryData(KEY)).toEqual(["leader", "gus"]);
  });

  it("a read with no push meanwhile answers its own data, also over older cached data", async () => {
    const { read, calls } = deferredRead();
    const client = createQueryClient(read);
    client.setQueryData(KEY, ["old"]);
    await tick();
    const fetching = client.fetchQuery({ queryKey: KEY, staleTime: 0 });
    await tick();
    calls[0]?.answer(["leader", "gus"]);
    await expect(fetching).resolves.toEqual(["leader", "gus"]);
    expect(client.getQueryData(KEY)).toEqual(["leader", "gus"]);
  });
});
