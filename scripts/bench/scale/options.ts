// The command line and environment of `npm run bench:scale` (what each flag does: scale.ts), and
// the library each run seeds.
import { args } from '../../local-env';

/** Added to every Blobs call in the second pass over the reads, for Netlify's round trips. */
export const LATENCY_MS = Number(process.env.BENCH_BLOBS_LATENCY_MS ?? 20);
/** Requests per endpoint after its first (cold) one. */
export const RUNS = Number(process.env.BENCH_SCALE_RUNS ?? 25);
/** The fraction of the library seeded (`--size`; 1: all of it). */
export const SIZE = Number(args().size ?? 1);
if (!(SIZE > 0 && SIZE <= 1))
  throw new Error('--size is a fraction of the full library, 0 < size <= 1');
const sized = (n: number) => Math.max(1, Math.round(n * SIZE));
export const SIZES = {
  subscribers: sized(50_000),
  pendingSignups: sized(5_000),
  unsubscribed: sized(5_000),
  messages: sized(10_000),
  testimonials: sized(10_000),
  approvedTestimonials: sized(100),
  publications: sized(10_000),
  events: sized(1_000),
  history: sized(2_000),
  assets: sized(5_000),
};
export const BUILD_ONLY = args()['build-only'] === true;
export const MEDIA_ONLY = args()['media-only'] === true;
export const ADMIN_BROWSER = args()['admin-browser'] === true;
if ([BUILD_ONLY, MEDIA_ONLY, ADMIN_BROWSER].filter(Boolean).length > 1)
  throw new Error('--build-only, --media-only and --admin-browser each run one part: give one');
/** Every part: what only the full run seeds and measures. */
export const ALL = !BUILD_ONLY && !MEDIA_ONLY && !ADMIN_BROWSER;
/** The admin every admin request, upload and history entry is made as. */
export const ADMIN = { username: 'scale-admin', password: 'scale-password-123' };
