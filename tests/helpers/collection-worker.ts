// A publications writer in a process of its own, for the kill test: run with the site's Blobs
// context in its environment and the ids to edit as arguments, it saves new titles (and now and
// then a new publication) as fast as it can, until the test kills it (SIGKILL: no cleanup of any
// kind). Each save is announced before it starts ("try") and after it was acknowledged ("ack").
import { publications } from '../../src/server/content/collections';

const ids = process.argv.slice(2);
const say = (line: string) => process.stdout.write(`${line}\n`);
let n = 0;

async function loop(mine: string[]) {
  for (;;) {
    const id = mine[n % mine.length]!;
    const title = `W-${n++}`;
    say(`try ${id} ${title}`);
    await publications.update(id, { title });
    say(`ack ${id} ${title}`);
    if (n % 7 === 0) {
      const made = await publications.create({ title: `New-${n}`, description: 'Made.' });
      say(`made ${made.id}`);
    }
  }
}

// Three writers on disjoint items: each item's saves are in order, several items at once.
await Promise.all([0, 1, 2].map((k) => loop(ids.filter((_, i) => i % 3 === k))));
