// npm run create-user -- --username NAME --password PASS [--admin | --role admin|editor|contributor]
// npm run create-user -- --reset --username NAME --password PASS
// Without --admin or --role the user is an editor (content only). Further users are best invited from /admin/users.
// --reset is the way back in for a sole admin who lost both password and second factor: it sets a
// new password, turns two-factor sign-in off and ends the user's sessions (it needs access to the
// site's store, which only the site's owners have).
// Locally it writes to DATA_DIR; with NETLIFY_SITE_ID and NETLIFY_AUTH_TOKEN set it writes to that site's store.
import { LocalBlobsServer as BlobsServer } from './platform/blobs-server';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { args, dataDir } from './local-env';

const a = args();
const role = a.admin === true ? 'admin' : (a.role ?? 'editor');
const reset = a.reset === true;
if (
  typeof a.username !== 'string' ||
  typeof a.password !== 'string' ||
  (role !== 'admin' && role !== 'editor' && role !== 'contributor')
) {
  console.error(
    'Usage: npm run create-user -- --username NAME --password PASS [--admin | --role admin|editor|contributor]',
  );
  console.error('       npm run create-user -- --reset --username NAME --password PASS');
  process.exit(2);
}

let server: BlobsServer | null = null;
const { NETLIFY_SITE_ID, NETLIFY_AUTH_TOKEN } = process.env;
if (NETLIFY_SITE_ID && NETLIFY_AUTH_TOKEN) {
  process.env.NETLIFY_BLOBS_CONTEXT = Buffer.from(
    JSON.stringify({ siteID: NETLIFY_SITE_ID, token: NETLIFY_AUTH_TOKEN }),
  ).toString('base64');
} else {
  const token = randomBytes(16).toString('hex');
  server = new BlobsServer({ directory: path.join(dataDir(), 'blobs'), token });
  const { port } = await server.start();
  const url = `http://127.0.0.1:${port}`;
  process.env.NETLIFY_BLOBS_CONTEXT = Buffer.from(
    JSON.stringify({ edgeURL: url, uncachedEdgeURL: url, token, siteID: 'local-site' }),
  ).toString('base64');
}

const { createUser } = await import('../src/server/auth/users');
const { recoverUser } = await import('../src/server/auth/recover-user');
try {
  if (reset) {
    const user = await recoverUser(a.username, a.password);
    console.warn(
      `WARNING: ${user.username}'s password was replaced, two-factor sign-in is OFF for them, and all their sessions ended.\n` +
        'Sign in now, turn two-factor sign-in back on under My account, and invite a second admin so this is not needed again.',
    );
  } else {
    const user = await createUser({ username: a.username, password: a.password, role });
    console.log(`Created ${user.role} ${user.username}.`);
  }
} catch (error) {
  console.error(error instanceof Error ? error.message : String(error));
  process.exitCode = 1;
} finally {
  await server?.stop();
}
