import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { IDLE_TIMEOUT_MS } from './session-policy.js';
import { recordSessionActivity } from './sessions.repository.js';

/** How often the activity recorded since the last write is written, in one transaction. */
export const ACTIVITY_FLUSH_MS = 1000;
/**
 * A session with less idle time than this left is written at once: another instance, which reads
 * the stored time, must never end a session on a time that is a flush behind.
 */
export const WRITE_AT_ONCE_WITHIN_MS = 60 * 1000;
/** Ids written in one statement. */
const CHUNK = 500;

/**
 * A session's activity (its `last_seen_at`) kept off the request's path (decision 0026). Writing
 * it with every request that needs it cost a write, a commit and, on SQLite, a wait for the disk
 * on most requests of a crowd of users, each seen less often than the touch interval. Activity is
 * held here and written for every session at once each second, one statement per second of
 * activity: times are stored rounded down to the second, never later than the request. This
 * instance answers from what it holds, so its own requests see every touch at once; a session
 * within a minute of its idle limit is written before the request goes on.
 */
export class SessionActivity {
  /** Session id → its activity time (ms, rounded down to the second) not written yet. */
  private pending = new Map<string, number>();
  /** What the flush under way is writing. */
  private writing = new Map<string, number>();
  private flushing: Promise<void> = Promise.resolve();
  private timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly onError: (error: unknown) => void,
  ) {}

  /** The session's last activity: what the database says, or a later time this instance holds. */
  lastSeenAt(sessionId: string, storedLastSeenAt: number): number {
    return Math.max(storedLastSeenAt, this.pending.get(sessionId) ?? 0, this.writing.get(sessionId) ?? 0);
  }

  /** Records activity at `now`; written at once when the stored time is near the idle limit. */
  async touch(sessionId: string, storedLastSeenAt: number, now: number): Promise<void> {
    const at = Math.floor(now / 1000) * 1000;
    if (now - storedLastSeenAt >= IDLE_TIMEOUT_MS - WRITE_AT_ONCE_WITHIN_MS) {
      await recordSessionActivity(this.db, [sessionId], at);
      this.pending.delete(sessionId);
      return;
    }
    this.pending.set(sessionId, Math.max(at, this.pending.get(sessionId) ?? 0));
  }

  start(): void {
    this.timer ??= setInterval(() => void this.flush(), ACTIVITY_FLUSH_MS);
    this.timer.unref();
  }

  /** Stops the timer and writes what is held (at shutdown, before the database closes). */
  async stop(): Promise<void> {
    clearInterval(this.timer);
    this.timer = undefined;
    await this.flush();
  }

  /** Writes everything held so far; one flush at a time. A failed flush is reported and tried again with the next. */
  flush(): Promise<void> {
    this.flushing = this.flushing.then(() => this.write());
    return this.flushing;
  }

  private async write(): Promise<void> {
    if (this.pending.size === 0) return;
    this.writing = this.pending;
    this.pending = new Map();
    const bySecond = new Map<number, string[]>();
    for (const [sessionId, at] of this.writing) {
      const ids = bySecond.get(at) ?? [];
      ids.push(sessionId);
      bySecond.set(at, ids);
    }
    try {
      await this.db.transaction().execute(async (trx) => {
        for (const [at, ids] of bySecond) {
          for (let start = 0; start < ids.length; start += CHUNK) await recordSessionActivity(trx, ids.slice(start, start + CHUNK), at);
        }
      });
    } catch (error) {
      this.onError(error);
      for (const [sessionId, at] of this.writing) this.pending.set(sessionId, Math.max(at, this.pending.get(sessionId) ?? 0));
    } finally {
      this.writing = new Map();
    }
  }
}
