// npm run build (Netlify's build command): Astro pre-renders the pages while esbuild bundles the
// functions (scripts/bundle-functions.ts), instead of one after the other. Neither reads what the
// other writes, and a save only goes live when the whole build is done, so the bundling no longer
// adds to an editor's save-to-live time. Fails when either part fails.
import { spawn } from 'node:child_process';
import { astroBuildArgv } from './astro-build';
import { bundleFunctions, FUNCTIONS_DIST } from './bundle-functions';

const astroBuild = new Promise<void>((resolve, reject) => {
  const child = spawn(process.execPath, astroBuildArgv(process.cwd()), { stdio: 'inherit' });
  child.on('error', reject);
  child.on('close', (code) =>
    code === 0 ? resolve() : reject(new Error(`astro build exited with ${code}`)),
  );
});
const functions = bundleFunctions(process.cwd()).then((names) =>
  console.log(`bundled ${names.length} functions into ${FUNCTIONS_DIST}/`),
);

const failed = (await Promise.allSettled([astroBuild, functions])).filter(
  (r) => r.status === 'rejected',
);
for (const { reason } of failed) console.error(reason instanceof Error ? reason.message : reason);
process.exit(failed.length ? 1 : 0);
