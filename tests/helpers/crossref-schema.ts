/**
 * Validates Crossref deposit files against Crossref's published schema 5.3.1 (the copy in
 * tests/fixtures/crossref-schema) with xmllint, from Debian's libxml2-utils, which .ci/run
 * installs. `--nonet` and the fixture's catalog keep it offline: the one import that names a web
 * address (MathML) is read from the copy. Reading the schema is most of the time (the JATS part is
 * large), so several files go through one xmllint run.
 */
import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const SCHEMA_DIR = fileURLToPath(new URL('../fixtures/crossref-schema/', import.meta.url));

/** xmllint's verdict on every file: `valid` only if all are, and each error it printed. */
export async function validateCrossref(
  ...files: string[]
): Promise<{ valid: boolean; errors: string[] }> {
  const dir = await mkdtemp(path.join(tmpdir(), 'crossref-'));
  try {
    const paths = files.map((_, i) => path.join(dir, `deposit-${i + 1}.xml`));
    await Promise.all(files.map((xml, i) => writeFile(paths[i]!, xml)));
    return await new Promise((resolve, reject) => {
      execFile(
        'xmllint',
        ['--nonet', '--noout', '--schema', path.join(SCHEMA_DIR, 'crossref5.3.1.xsd'), ...paths],
        { env: { ...process.env, XML_CATALOG_FILES: path.join(SCHEMA_DIR, 'catalog.xml') } },
        (error, _stdout, stderr) => {
          // Exit 1 and 3 are xmllint's "not well-formed" and "does not validate"; anything else
          // (no xmllint, a schema it cannot read) says nothing about the files and fails the test
          // with xmllint's own words.
          const code = error ? error.code : 0;
          if (code !== 0 && code !== 1 && code !== 3)
            return reject(new Error(`xmllint: ${stderr || String(error)}`));
          const errors = stderr
            .split('\n')
            .filter((line) => / error\b/.test(line))
            .map((line) => line.replace(`${dir}${path.sep}`, ''));
          resolve({ valid: code === 0, errors });
        },
      );
    });
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
