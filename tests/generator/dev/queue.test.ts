import { describe, expect, it } from 'vitest';
import { createRebuildQueue } from '../../../generator/dev/queue.ts';

/** A rebuild that records its calls and ends only when the test says so. */
function controlledRebuild() {
  const calls: string[][] = [];
  const finishers: (() => void)[] = [];
  let running = 0;
  let overlapped = false;
  const rebuild = (files: string[]) => {
    calls.push(files);
    running++;
    if (running > 1) overlapped = true;
    return new Promise<void>((resolve) =>
      finishers.push(() => {
        running--;
        resolve();
      }),
    );
  };
  const started = async (count: number) => {
    while (calls.length < count) await new Promise((resolve) => setTimeout(resolve, 5));
  };
  return { calls, rebuild, started, finish: () => finishers.shift()!(), overlapped: () => overlapped };
}

describe('createRebuildQueue', () => {
  it('gathers a burst of events (temporary file, rename, change) into one rebuild', async () => {
    const control = controlledRebuild();
    const queue = createRebuildQueue(control.rebuild, 20);
    queue.add('/c/texts/it/.home.yaml.tmp');
    queue.add('/c/texts/it/home.yaml');
    queue.add('/c/texts/it/home.yaml');
    await control.started(1);
    control.finish();
    await queue.idle();
    expect(control.calls).toEqual([['/c/texts/it/.home.yaml.tmp', '/c/texts/it/home.yaml']]);
  });

  it('starts a complete change (the editor’s save) at once, and after the running rebuild if there is one', async () => {
    const control = controlledRebuild();
    // A quiet period no test waits out: only addNow can start these rebuilds in time.
    const queue = createRebuildQueue(control.rebuild, 60_000);
    queue.addNow(['/c/texts/en/home.yaml']);
    expect(control.calls).toEqual([['/c/texts/en/home.yaml']]);
    queue.add('/c/texts/de/home.yaml');
    queue.addNow(['/c/texts/fr/home.yaml']);
    // One rebuild runs: the next waits for its end, with both files.
    expect(control.calls).toHaveLength(1);
    control.finish();
    await control.started(2);
    expect(control.calls[1]).toEqual(['/c/texts/de/home.yaml', '/c/texts/fr/home.yaml']);
    control.finish();
    await queue.idle();
    expect(control.overlapped()).toBe(false);
  });

  it('queues exactly one more rebuild for everything that changed during one, and never overlaps them', async () => {
    const control = controlledRebuild();
    const queue = createRebuildQueue(control.rebuild, 10);
    queue.add('/a');
    await control.started(1);
    expect(queue.busy).toBe(true);
    queue.add('/b');
    queue.add('/c');
    await new Promise((resolve) => setTimeout(resolve, 50));
    queue.add('/d');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(control.calls).toHaveLength(1);
    control.finish();
    await control.started(2);
    control.finish();
    await queue.idle();
    expect(control.calls).toEqual([['/a'], ['/b', '/c', '/d']]);
    expect(control.overlapped()).toBe(false);
    expect(queue.busy).toBe(false);
  });

  it('goes on after a rebuild that failed', async () => {
    const calls: string[][] = [];
    const queue = createRebuildQueue(async (files) => {
      calls.push(files);
      if (calls.length === 1) throw new Error('broken');
    }, 5);
    queue.add('/a');
    await new Promise((resolve) => setTimeout(resolve, 40));
    await queue.idle();
    queue.add('/b');
    await new Promise((resolve) => setTimeout(resolve, 40));
    await queue.idle();
    expect(calls).toEqual([['/a'], ['/b']]);
  });

  it('takes no events once closed', async () => {
    const calls: string[][] = [];
    const queue = createRebuildQueue(async (files) => void calls.push(files), 5);
    await queue.close();
    queue.add('/a');
    await new Promise((resolve) => setTimeout(resolve, 30));
    expect(calls).toEqual([]);
  });
});
