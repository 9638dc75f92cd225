/** A unit of a socket's work: handling one frame, or leaving when it closes (a rejection is ignored). */
export type FrameTask = () => Promise<void>;

/**
 * A socket's frames, handled one at a time in arrival order, with a bound (issue #7,
 * "WebSocket flood": an unbounded chain of promises let one socket queue minutes of work).
 * `push` refuses a frame once `max` are waiting or running; `close` drops what has not
 * started (work for a closed socket is wasted) and runs a last task after the running one.
 * Tasks start on `setImmediate`, so the frames of all sockets take turns.
 */
export class FrameQueue {
  private readonly waiting: FrameTask[] = [];
  private running = false;
  private closed = false;

  /** @param max frames waiting or running at once (e.g. 100) */
  constructor(private readonly max: number) {}

  /** Frames waiting or running. */
  get size(): number {
    return this.waiting.length + (this.running ? 1 : 0);
  }

  /** Queues a task; false (and nothing queued) when the queue is full or closed. */
  push(task: FrameTask): boolean {
    if (this.closed || this.size >= this.max) return false;
    this.waiting.push(task);
    this.drain();
    return true;
  }

  /**
   * Drops the tasks not started and refuses any later push; `last` runs once the task in
   * progress (if any) has finished, e.g. leaving the room only after a join completed.
   */
  close(last: FrameTask): void {
    this.closed = true;
    this.waiting.length = 0;
    this.waiting.push(last);
    this.drain();
  }

  private drain(): void {
    if (this.running) return;
    const task = this.waiting.shift();
    if (!task) return;
    this.running = true;
    // Each frame starts in a turn of the event loop of its own: PGlite answers in this thread
    // through promises alone, so a chain of one socket's frames would otherwise run to its end
    // before any other socket's frame is even read (50 queued votes held another's ack 400 ms).
    setImmediate(() => {
      void Promise.resolve()
        .then(task)
        .catch(() => undefined)
        .finally(() => {
          this.running = false;
          this.drain();
        });
    });
  }
}
