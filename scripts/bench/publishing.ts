// What publishing costs on the site `npm run bench` started: an admin save until the served HTML
// shows it, and a full build once the store holds 1,000 publications and 1,000 events.
import type { BenchSite } from './site-process';

/** Save to live: an admin save until the served HTML shows it (seconds; Infinity if it never did). */
export async function saveToLive({ url, api, cookie }: BenchSite): Promise<number> {
  const marker = `Bench ${Date.now()}`;
  const t0 = Date.now();
  await api('PATCH', '/api/site-settings', { heroTitle: marker }, cookie);
  let saveToLiveS = Infinity;
  while (Date.now() - t0 < 120_000) {
    if ((await (await fetch(`${url}/`)).text()).includes(marker)) {
      saveToLiveS = (Date.now() - t0) / 1000;
      break;
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return saveToLiveS;
}

/**
 * Build cost with 1,000 publications and 1,000 events: each added through the API, then a full
 * build; answers that build's publish state and the size of the home page's HTML after it.
 */
export async function buildWith1000({ url, api, cookie, waitLive }: BenchSite) {
  console.log('Adding 1,000 publications and 1,000 events…');
  for (let i = 0; i < 1000; i++) {
    await api(
      'POST',
      '/api/publications',
      {
        title: `Bench publication ${i}`,
        description: 'A benchmark publication. '.repeat(8),
        date: 'May 2025',
        type: 'Report',
        authors: 'Bench',
        link: '',
        image: '',
      },
      cookie,
    );
    await api(
      'POST',
      '/api/events',
      {
        title: `Bench event ${i}`,
        startDate: '2027-01-01',
        endDate: '2027-01-02',
        eventType: 'Workshop',
        location: 'Online',
      },
      cookie,
    );
  }
  await waitLive();
  const counts = {
    publications: (await api('GET', '/api/publications')).json?.length,
    events: (await api('GET', '/api/events')).json?.length,
  };
  console.log(`  store now holds ${counts.publications} publications and ${counts.events} events`);
  await api('POST', '/api/admin/publish', undefined, cookie);
  const bigBuild = await waitLive();
  const homeKb = Number(
    ((await (await fetch(`${url}/`)).arrayBuffer()).byteLength / 1024).toFixed(1),
  );
  console.log(`  / is now ${homeKb} KB of HTML`);
  return { bigBuild, homeKb };
}
