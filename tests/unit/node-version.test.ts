import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

// One Node version said four ways: what the README says to install (.nvmrc), what Netlify builds
// with (netlify.toml), what the npm scripts run on (the `node` devDependency) and what the project
// declares it needs (engines, the range its dependencies' own engines allow: 22.19+, 24, 26+).
const read = (file: string) => readFileSync(new URL(`../../${file}`, import.meta.url), 'utf8');
const pkg = JSON.parse(read('package.json')) as {
  engines: { node: string };
  devDependencies: Record<string, string>;
};

describe('the Node version', () => {
  it('is 22 in .nvmrc, on Netlify and in the pinned devDependency, inside the engines range', () => {
    expect(read('.nvmrc').trim()).toBe('22');
    expect(read('netlify.toml')).toMatch(/NODE_VERSION = "22"/);
    const [major, minor] = pkg.devDependencies.node!.split('.').map(Number);
    expect(major).toBe(22);
    expect(minor).toBeGreaterThanOrEqual(19);
    expect(pkg.engines.node).toBe('^22.19.0 || ^24.0.0 || >=26.0.0');
    const lock = JSON.parse(read('package-lock.json')) as {
      packages: Record<string, { engines?: { node: string } }>;
    };
    expect(lock.packages['']!.engines).toEqual(pkg.engines);
  });
});
