import { randomBytes } from 'node:crypto';
import { mkdir, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';

// Writes land whole or not at all: each file is written to a temp file, then renamed over it.
// Temp files live in their own folder beside the store's entries (the same disk, so the rename
// is atomic), where no key can name a file: a write cut short (kill -9) leaves a stray file that
// no list or read ever sees, and every key, even one starting with a dot, is listed. (Temp files
// beside the entries were once told apart by a leading dot, which hid such keys: a user named
// '.alice' existed but was never listed.)
export const TEMP_FOLDER = 'partial-writes';

/**
 * Folders known to exist: a write into one skips its mkdir calls (two per file written, four per
 * put, which were a third of a put's file system work). Should one vanish anyway, the write makes
 * it again and retries.
 */
const madeFolders = new Set<string>();

export async function writeAtomically(
  file: string,
  data: Buffer | string,
  tempDir: string,
): Promise<void> {
  const folders = [path.dirname(file), tempDir];
  for (const folder of folders)
    if (!madeFolders.has(folder))
      await mkdir(folder, { recursive: true }).then(() => madeFolders.add(folder));
  const temp = path.join(tempDir, `${randomBytes(12).toString('hex')}.tmp`);
  try {
    await writeFile(temp, data).catch(async (error: NodeJS.ErrnoException) => {
      if (error.code !== 'ENOENT') throw error;
      await mkdir(tempDir, { recursive: true });
      await writeFile(temp, data);
    });
    await rename(temp, file).catch(async (error: NodeJS.ErrnoException) => {
      if (error.code !== 'ENOENT') throw error;
      await mkdir(path.dirname(file), { recursive: true });
      await rename(temp, file);
    });
  } catch (error) {
    await rm(temp, { force: true });
    throw error;
  }
}
