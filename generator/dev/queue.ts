/**
 * Turns a stream of file events into rebuilds that never overlap. Events are
 * gathered until none has arrived for `quietMilliseconds` (an editor's save is
 * often several events: a temporary file written and renamed, a file deleted and
 * recreated), then one rebuild runs with every path gathered. Events that arrive
 * during a rebuild are gathered for exactly one more, which starts when it ends.
 */
export interface RebuildQueue {
  /** A file changed (added, changed or removed). */
  add(file: string): void;
  /**
   * Files whose change is complete (the editor's own save, written whole): the rebuild
   * starts at once, or right after the running one, without waiting for a quiet moment.
   */
  addNow(files: string[]): void;
  /** A rebuild runs, or changes wait for one. */
  readonly busy: boolean;
  /** Resolves when no rebuild runs or waits: for tests, the bench and a clean stop. */
  idle(): Promise<void>;
  /** Stops taking events; a running rebuild is not waited for. */
  close(): Promise<void>;
}

export function createRebuildQueue(
  rebuild: (files: string[]) => Promise<void>,
  quietMilliseconds = 15,
): RebuildQueue {
  let pending = new Set<string>();
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  let closed = false;
  let idleWaiters: (() => void)[] = [];

  const settleIdle = () => {
    if (running || timer || pending.size > 0) return;
    const waiters = idleWaiters;
    idleWaiters = [];
    for (const resolve of waiters) resolve();
  };

  const start = () => {
    timer = undefined;
    if (running || closed || pending.size === 0) return settleIdle();
    const files = [...pending].sort();
    pending = new Set();
    running = rebuild(files)
      .catch(() => {
        // The rebuild reports its own errors; the queue only keeps them from overlapping.
      })
      .finally(() => {
        running = undefined;
        // What arrived meanwhile becomes exactly one more rebuild.
        if (pending.size > 0 && !timer) start();
        else settleIdle();
      });
  };

  return {
    add(file) {
      if (closed) return;
      pending.add(file);
      if (timer) clearTimeout(timer);
      // While a rebuild runs, its end starts the next one; the timer only gathers a burst.
      timer = setTimeout(() => {
        timer = undefined;
        if (!running) start();
      }, quietMilliseconds);
    },
    addNow(files) {
      if (closed) return;
      for (const file of files) pending.add(file);
      if (timer) clearTimeout(timer);
      timer = undefined;
      if (!running) start();
    },
    get busy() {
      return Boolean(running || timer || pending.size > 0);
    },
    idle() {
      return new Promise((resolve) => {
        idleWaiters.push(resolve);
        settleIdle();
      });
    },
    async close() {
      closed = true;
      if (timer) clearTimeout(timer);
      timer = undefined;
      pending.clear();
      settleIdle();
    },
  };
}
