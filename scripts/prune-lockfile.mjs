// node scripts/prune-lockfile.mjs — run after `npm install` changes package-lock.json.
// Some packages list optional platform builds at versions the registry reachable here does not
// serve (e.g. @astrojs/compiler-binding-*, @tailwindcss/oxide-* for other platforms). npm then
// writes no lock entry for them, and `npm ci` refuses the lockfile as out of sync. This drops
// the optional dependencies that have no lock entry, which is what npm would skip anyway.
import { readFileSync, writeFileSync } from 'node:fs';
const lock = JSON.parse(readFileSync('package-lock.json', 'utf8'));
let dropped = 0;
for (const [key, entry] of Object.entries(lock.packages)) {
  if (!entry.optionalDependencies) continue;
  for (const dep of Object.keys(entry.optionalDependencies)) {
    // Resolvable locations: nested under this package, or hoisted at the top.
    const nested = `${key}/node_modules/${dep}`;
    if (!lock.packages[nested] && !lock.packages[`node_modules/${dep}`]) {
      delete entry.optionalDependencies[dep];
      dropped++;
    }
  }
}
writeFileSync('package-lock.json', JSON.stringify(lock, null, 2) + '\n');
console.log('dropped', dropped);
