/**
 * Photos for the image benchmark: every team member, research area, publication and
 * approved testimonial gets an uploaded camera-sized JPEG, so the pages are measured as a think
 * tank with real portraits would serve them. No network is reachable here, so the photos are
 * drawn: layers of smooth random noise from coarse to fine (each finer layer fainter, as in a
 * natural picture's spectrum), which JPEG compresses about as well as it does a photograph
 * (~0.2–0.4 MB at 1600×1200, quality 85). Portraits are 4:5, the rest 3:2.
 */
import sharp from 'sharp';

/** A photo-like JPEG of `width`×`height`, the same for the same `seed`. */
export async function photoLike(seed: number, width: number, height: number): Promise<Buffer> {
  // mulberry32: a small, well-mixed seeded generator.
  let state = seed >>> 0;
  const random = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  /** Smooth noise of `cells` cells along the long side, stretched to the full size (`channels` deep). */
  const layer = async (cells: number, channels: 1 | 3) => {
    const w = Math.max(2, Math.round((cells * width) / Math.max(width, height)));
    const h = Math.max(2, Math.round((cells * height) / Math.max(width, height)));
    const noise = Buffer.from(
      Array.from({ length: w * h * channels }, () => Math.floor(random() * 256)),
    );
    return sharp(noise, { raw: { width: w, height: h, channels } })
      .resize(width, height, { fit: 'fill', kernel: 'cubic' })
      .raw()
      .toBuffer();
  };
  // Brightness carries the detail, down to a few pixels; colour varies only broadly, as in photographs.
  const light = new Float32Array(width * height);
  for (
    let cells = 4, weight = 1.2;
    cells <= Math.max(width, height) / 3;
    cells *= 2, weight *= 0.72
  ) {
    const l = await layer(cells, 1);
    for (let i = 0; i < light.length; i++) light[i]! += (l[i]! - 128) * weight;
  }
  const colour = await layer(3, 3);
  const pixels = Buffer.alloc(width * height * 3);
  for (let i = 0; i < light.length; i++) {
    for (let c = 0; c < 3; c++)
      pixels[i * 3 + c] = Math.max(
        0,
        Math.min(255, 128 + light[i]! + (colour[i * 3 + c]! - 128) * 0.6),
      );
  }
  return sharp(pixels, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 85 })
    .toBuffer();
}

type Api = (
  method: string,
  path: string,
  body?: unknown,
) => Promise<{ status: number; json: unknown }>;

/** Uploads one photo per record and sets it as the record's image; answers how many were set. */
export async function addPhotos(siteUrl: string, cookie: string, api: Api): Promise<number> {
  let seed = 1;
  const upload = async (portrait: boolean): Promise<string> => {
    const jpeg = await photoLike(seed++, portrait ? 1200 : 1600, portrait ? 1500 : 1067);
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(jpeg)], { type: 'image/jpeg' }), 'photo.jpg');
    const res = await fetch(`${siteUrl}/api/admin/upload`, {
      method: 'POST',
      headers: { cookie },
      body: form,
    });
    if (res.status !== 201) throw new Error(`upload answered ${res.status}`);
    return ((await res.json()) as { imageUrl: string }).imageUrl;
  };
  const set = async (path: string, image: string) => {
    const res = await api('PATCH', path, { image });
    if (res.status !== 200) throw new Error(`PATCH ${path} answered ${res.status}`);
  };
  let count = 0;
  for (const [collection, portrait] of [
    ['team-members', true],
    ['research-areas', false],
    ['publications', false],
  ] as const) {
    for (const { id } of (await api('GET', `/api/${collection}`)).json as { id: string }[]) {
      await set(`/api/${collection}/${id}`, await upload(portrait));
      count++;
    }
  }
  for (const { id } of (
    (await api('GET', '/api/admin/testimonials?page=1&pageSize=100')).json as {
      items: { id: string; approved: boolean }[];
    }
  ).items.filter((t) => t.approved)) {
    await set(`/api/admin/testimonials/${id}`, await upload(true));
    count++;
  }
  const founder = await api('PATCH', '/api/site-settings', { founderImage: await upload(true) });
  if (founder.status !== 200)
    throw new Error(`PATCH /api/site-settings answered ${founder.status}`);
  return count + 1;
}
