import { execFile } from 'node:child_process';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { resolveConfig } from '@netlify/config';

const run = promisify(execFile);

// Runs one plugin's onPreBuild the way @netlify/build does: in its own process, with the plugin
// environment, and reports what it set in netlifyConfig.build.environment (which Netlify passes
// on to the build command) or the message it failed the build with.
const RUNNER = `
const plugin = await import(process.argv[1]);
const netlifyConfig = { build: { environment: {} } };
let failed = null;
const fail = (message) => { failed = String(message); };
const utils = { build: { failBuild: fail, failPlugin: fail, cancelBuild: fail }, status: { show() {} } };
if (plugin.onPreBuild) await plugin.onPreBuild({ netlifyConfig, utils, constants: {}, inputs: {} });
process.stdout.write(JSON.stringify({ environment: netlifyConfig.build.environment, failed }));
`;

/**
 * The local stand-in for the plugin phase of a Netlify build: reads the plugins declared in
 * netlify.toml with Netlify's own config reader, runs each local plugin's onPreBuild with the
 * Blobs context Netlify gives plugins, and returns the environment they hand to the build
 * command. Only the plugins' hand-over reaches the build: it gets no Blobs context of its own.
 */
export async function runBuildPlugins(
  projectRoot: string,
  pluginEnv: NodeJS.ProcessEnv,
): Promise<Record<string, string>> {
  const { config } = await resolveConfig({ offline: true, cwd: projectRoot, mode: 'cli' });
  const env: Record<string, string> = { ...(config.build?.environment ?? {}) };
  for (const { package: pkg } of config.plugins ?? []) {
    if (!pkg.startsWith('.'))
      throw new Error(`The local platform runs only plugins kept in the repository, not ${pkg}`);
    const entry = pathToFileURL(path.join(projectRoot, pkg, 'index.js')).href;
    const { stdout } = await run(process.execPath, ['--input-type=module', '-e', RUNNER, entry], {
      cwd: projectRoot,
      env: pluginEnv,
    });
    const result = JSON.parse(stdout) as {
      environment: Record<string, string>;
      failed: string | null;
    };
    if (result.failed) throw new Error(`Plugin ${pkg} failed the build: ${result.failed}`);
    Object.assign(env, result.environment);
  }
  return env;
}
