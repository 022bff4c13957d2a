// A writer of publications or events in a process of its own, for the kill tests: run with the
// site's Blobs context in its environment, the collection's name and the ids to edit as arguments,
// it saves new titles (events: and new dates, which move them in the listings by date; and now and
// then a new item) as fast as it can, until the test kills it (SIGKILL: no cleanup of any kind).
// Each save is announced before it starts ("try") and after it was acknowledged ("ack").
import { events, publications } from '../../src/server/content/collections';

const [name, ...ids] = process.argv.slice(2);
const say = (line: string) => process.stdout.write(`${line}\n`);
let n = 0;
const day = (k: number) => new Date(Date.UTC(2030, 0, 1 + (k % 400))).toISOString().slice(0, 10);

async function loop(mine: string[]) {
  for (;;) {
    const id = mine[n % mine.length]!;
    const title = `W-${n++}`;
    say(`try ${id} ${title}`);
    if (name === 'events') {
      const date = day(n * 37);
      await events.update(id, { title, startDate: date, endDate: date });
    } else await publications.update(id, { title });
    say(`ack ${id} ${title}`);
    if (n % 7 === 0) {
      const made =
        name === 'events'
          ? await events.create({ title: `New-${n}`, startDate: day(n), endDate: day(n) })
          : await publications.create({ title: `New-${n}`, description: 'Made.' });
      say(`made ${made.id}`);
    }
  }
}

// Three writers on disjoint items: each item's saves are in order, several items at once.
await Promise.all([0, 1, 2].map((k) => loop(ids.filter((_, i) => i % 3 === k))));
