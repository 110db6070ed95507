// Worker entry for lib/worker-pool.test.ts: answers each task by what it asks.
import { serveTasks } from '../../src/lib/worker-pool';

type Task = { echo: string } | { spinMs: number } | { fail: string } | { allocate: true };

serveTasks((task: Task) => {
  if ('spinMs' in task) {
    const until = Date.now() + task.spinMs;
    while (Date.now() < until);
    return 'spun';
  }
  if ('fail' in task) throw new Error(task.fail);
  if ('allocate' in task) {
    const hoard: string[][] = [];
    for (;;) hoard.push(Array.from({ length: 100_000 }, (_, i) => `${i}-${hoard.length}`));
  }
  return task.echo;
});
