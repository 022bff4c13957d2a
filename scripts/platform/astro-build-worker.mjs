// @ts-check
// A Node process that runs `astro build` once per message, for the local platform's builder
// (./build-workers.ts): the same build as the CLI's, without loading Astro, Vite and their
// plugins again for every build. Each build gets exactly the environment it is sent, as a
// fresh `astro build` process would, and writes into its own output folder, so the pre-render
// bundle Astro imports is always the one this build made.
import { build } from 'astro';

/** @typedef {{ root: string, env: Record<string, string> }} BuildRequest */
/** @typedef {{ ok: boolean, output: string, error?: string }} BuildReply */

/** The last chunks the build printed (Astro's log, warnings, the error), as the CLI would have shown them. */
/** @type {string[]} */
let printed = [];
for (const stream of [process.stdout, process.stderr]) {
  /** @type {(chunk: string | Uint8Array) => boolean} */
  const keep = (chunk) => {
    printed.push(typeof chunk === 'string' ? chunk : Buffer.from(chunk).toString());
    if (printed.length > 200) printed.shift();
    return true;
  };
  stream.write = /** @type {typeof stream.write} */ (/** @type {unknown} */ (keep));
}

/** Makes process.env exactly `env`: nothing of an earlier build's environment stays. */
function useEnv(/** @type {Record<string, string>} */ env) {
  for (const name of Object.keys(process.env)) if (!(name in env)) delete process.env[name];
  Object.assign(process.env, env);
}

/** The error as one line a person can read: its message and what caused it. */
function describe(/** @type {unknown} */ error) {
  const parts = [];
  for (let e = error; e && parts.length < 4; e = e instanceof Error ? e.cause : undefined)
    parts.push(e instanceof Error ? e.message : String(e));
  return parts.join(' (caused by: ') + ')'.repeat(parts.length - 1);
}

process.on('message', async (/** @type {BuildRequest} */ request) => {
  printed = [];
  useEnv(request.env);
  /** @type {BuildReply} */
  let reply;
  try {
    await build({ root: request.root });
    reply = { ok: true, output: printed.join('') };
  } catch (error) {
    console.error(error instanceof Error && error.stack ? error.stack : String(error));
    reply = { ok: false, output: printed.join(''), error: describe(error) };
  }
  process.send?.(reply);
});

// The platform that started this process is gone: nothing will ask for another build.
process.on('disconnect', () => process.exit(0));
process.send?.({ ready: true });
