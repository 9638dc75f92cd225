import { FrameQueue } from "./frameQueue";

/** A task the test finishes by hand, and whether it ran. */
function gate() {
  let open = () => {};
  const state = { started: false, done: false };
  const task = () => {
    state.started = true;
    return new Promise<void>((resolve) => {
      open = () => {
        state.done = true;
        resolve();
      };
    });
  };
  return { task, state, finish: () => open() };
}
/** Lets a queued task start (it starts on setImmediate) and its promise settle. */
const tick = async () => {
  for (let i = 0; i < 3; i++) await new Promise((r) => setImmediate(r));
};

describe("FrameQueue: a socket's frames, one at a time, bounded (issue #7)", () => {
  it("runs tasks one at a time in order and refuses beyond its bound", async () => {
    const queue = new FrameQueue(2);
    const a = gate();
    const b = gate();
    expect(queue.push(a.task)).toBe(true);
    expect(queue.push(b.task)).toBe(true);
    expect(queue.push(gate().task)).toBe(false);
    await tick();
    expect(a.state.started).toBe(true);
    expect(b.state.started).toBe(false);
    a.finish();
    await tick();
    expect(b.state.started).toBe(true);
    expect(queue.size).toBe(1);
    b.finish();
    await tick();
    expect(queue.size).toBe(0);
  });

  it("on close drops what has not started and runs the last task after the running one", async () => {
    const queue = new FrameQueue(10);
    const running = gate();
    const waiting = gate();
    const last = gate();
    queue.push(running.task);
    queue.push(waiting.task);
    await tick();
    queue.close(last.task);
    expect(queue.push(gate().task)).toBe(false);
    await tick();
    expect(last.state.started).toBe(false);
    running.finish();
    await tick();
    expect(waiting.state.started).toBe(false);
    expect(last.state.started).toBe(true);
  });

  it("lets the frames of two sockets take turns, even when each task settles without I/O", async () => {
    const order: string[] = [];
    const a = new FrameQueue(10);
    const b = new FrameQueue(10);
    for (const n of [1, 2, 3]) a.push(async () => void order.push(`a${n}`));
    for (const n of [1, 2, 3]) b.push(async () => void order.push(`b${n}`));
    for (let i = 0; i < 4; i++) await tick();
    expect(order).toEqual(["a1", "b1", "a2", "b2", "a3", "b3"]);
  });

  it("keeps going after a task that rejects", async () => {
    const queue = new FrameQueue(10);
    const after = gate();
    queue.push(() => Promise.reject(new Error("boom")));
    queue.push(after.task);
    await tick();
    await tick();
    expect(after.state.started).toBe(true);
  });
});
