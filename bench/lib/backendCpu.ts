import type pg from "pg";
import { cpuSeconds } from "./server";

/**
 * CPU seconds of this database's PostgreSQL backends (pg_stat_activity), sampled while the
 * hold runs: a backend first seen later starts from 0 (the pool opened it meanwhile). Each
 * sample also tallies what the servers' busy backends were doing (state and wait event), to
 * tell CPU from lock and I/O waits.
 */
export class BackendCpu {
  private readonly first = new Map<number, number>();
  private readonly last = new Map<number, number>();
  /** "state / wait event" -> backends seen so, summed over the samples. */
  readonly waits = new Map<string, number>();
  samples = 0;
  constructor(private readonly client: pg.Client) {}

  /** Reads every backend of the database once. */
  async sample(initial = false): Promise<void> {
    const { rows } = await this.client.query<{ pid: number; state: string | null; wait: string | null }>(
      `SELECT pid, state, wait_event_type || ':' || wait_event AS wait
       FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()`,
    );
    if (!initial) this.samples++;
    for (const { pid, state, wait } of rows) {
      if (!initial && state && state !== "idle") {
        const key = `${state}${wait ? ` / ${wait}` : " / on CPU"}`;
        this.waits.set(key, (this.waits.get(key) ?? 0) + 1);
      }
      const cpu = cpuSeconds(pid);
      if (Number.isNaN(cpu)) continue;
      if (!this.first.has(pid)) this.first.set(pid, initial ? cpu : 0);
      this.last.set(pid, cpu);
    }
  }

  /** CPU seconds used since the initial sample, and how many backends were seen. */
  used(): { seconds: number; backends: number } {
    let seconds = 0;
    for (const [pid, last] of this.last) seconds += last - (this.first.get(pid) ?? 0);
    return { seconds, backends: this.last.size };
  }
}
