import { describe, expect, it } from 'vitest';
import { inSourceConfig } from '../../scripts/bundle-functions';

// Netlify packages a small entry file per function that holds the function's config as a literal
// (scripts/bundle-functions.ts); the config is read from the function's source without running it.
describe("a function's config, read from its source", () => {
  it('reads paths, methods and schedules written as literals, through `as const` and `satisfies`', () => {
    const source = `
      import type { Config } from '@netlify/functions';
      import { handle } from '../../src/server/http/http';
      export default handle;
      export const config = {
        path: ['/api/things', '/api/things/:id'],
        method: 'POST',
        'displayName': \`Things\`,
        preferStatic: false,
        timeout: 26,
      } as const satisfies Config;`;
    expect(inSourceConfig(source, 'things.ts')).toEqual({
      path: ['/api/things', '/api/things/:id'],
      method: 'POST',
      displayName: 'Things',
      preferStatic: false,
      timeout: 26,
    });
    expect(inSourceConfig("export const config = { schedule: '@hourly' };", 'sweep.ts')).toEqual({
      schedule: '@hourly',
    });
  });

  it('is empty for a function without one (the deploy event functions)', () => {
    expect(
      inSourceConfig('export default async () => new Response();', 'deploy-succeeded.ts'),
    ).toEqual({});
  });

  it('refuses a config it would have to run the code to know, naming the file', () => {
    expect(() =>
      inSourceConfig("const ROUTE = '/api/x';\nexport const config = { path: ROUTE };", 'x.ts'),
    ).toThrow(/^x\.ts: `config` must be written with literals only .*: ROUTE$/);
    expect(() =>
      inSourceConfig('export const config = { ...shared, path: "/api/y" };', 'y.ts'),
    ).toThrow(/^y\.ts: `config` must be written with literals only .*: \.\.\.shared$/);
    expect(() => inSourceConfig("export const config = ['/api/z'];", 'z.ts')).toThrow(
      'z.ts: `config` must be an object literal',
    );
  });
});
