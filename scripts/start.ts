// npm start: the production-like local site (pages, functions, Blobs, build hook) on one port.
import { randomBytes } from 'node:crypto';
import { watch } from 'node:fs';
import path from 'node:path';
import { startPlatform } from './platform';
import { dataDir, PROJECT_ROOT } from './local-env';

const port = Number(process.env.PORT || 8888);
const platform = await startPlatform({
  projectRoot: PROJECT_ROOT,
  dataDir: dataDir(),
  port,
  log: (l) => console.log(`[site] ${l}`),
});

const { seedDemoContent } = await import('../src/server/workflows/seed');
const { anyUserExists, createUser, findUser } = await import('../src/server/auth/users');

if (await seedDemoContent()) console.log('[site] demo content added to an empty store');

let signIn: string;
const { ADMIN_USERNAME, ADMIN_PASSWORD } = process.env;
if (ADMIN_USERNAME && ADMIN_PASSWORD) {
  if (!(await findUser(ADMIN_USERNAME)))
    await createUser({ username: ADMIN_USERNAME, password: ADMIN_PASSWORD, isAdmin: true });
  signIn = `sign in as ${ADMIN_USERNAME} with ADMIN_PASSWORD`;
} else if (!(await anyUserExists())) {
  const password = randomBytes(12).toString('base64url');
  await createUser({ username: 'admin', password, isAdmin: true });
  signIn = `sign in as admin with password ${password}  (shown once: keep it, or add users with npm run create-user)`;
  console.log(`[site] created the first admin: ${signIn}`);
} else {
  signIn =
    'sign in with an existing user (add one with: npm run create-user -- --username NAME --password PASS --admin)';
}

// Serve an earlier build at once if there is one; otherwise wait for the first build.
const first = platform.builder.site ? null : platform.build();
if (first) await first;
else void platform.build();

const data = path.relative(PROJECT_ROOT, dataDir()) || '.';
// Without a provider every message the site sends is a file here: say where, with the banner.
const mailLine = process.env.SMTP_URL
  ? `sent through SMTP_URL as ${process.env.EMAIL_FROM ?? '(EMAIL_FROM is not set: nothing is sent)'}`
  : `not sent: each message is written to ${path.join(data, 'outbox')}/ as an .eml file (open it in any mail program)`;
const banner = () =>
  console.log(
    `\n  Site:     ${platform.url}/\n  Sign in:  ${platform.url}/login : ${signIn}\n  Edit:     ${platform.url}/?edit=true (after signing in)\n  Data:     ${data}\n  Email:    ${mailLine}\n`,
  );
// Never announce a site that is not served: if the first build failed, say so, and print the
// address once a later build (after a fix is saved) puts a site up.
if (platform.builder.site) banner();
else {
  console.log(
    `\n  The first build FAILED (the error is above), so no site is served yet: ${platform.url}/ answers 503.\n` +
      `  Fix the cause and save a file under src/ or public/ to rebuild.\n  Data:     ${data}\n`,
  );
  const waitForSite = setInterval(() => {
    if (!platform.builder.site) return;
    clearInterval(waitForSite);
    banner();
  }, 500);
}

// Rebuild on save: page sources, styles and public files change the built site.
for (const rel of ['src', 'public', 'astro.config.mjs', 'tailwind.config.mjs']) {
  try {
    watch(path.join(PROJECT_ROOT, rel), { recursive: true }, () => platform.builder.request());
  } catch {
    /* a missing optional path is fine */
  }
}

let stopping = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, async () => {
    if (stopping) process.exit(1);
    stopping = true;
    console.log('\n[site] stopping…');
    await platform.close();
    process.exit(0);
  });
}
