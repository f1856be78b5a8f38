import { lstatSync, readlinkSync, realpathSync } from 'node:fs';
import { basename, dirname, isAbsolute, join, relative, resolve } from 'node:path';

/** Links followed at most while resolving a path, as the kernel's own limit (ELOOP). */
const MAX_LINKS = 40;

/**
 * Where `path` lands once every link on the way is followed, also when it
 * does not exist yet (its nearest existing folder is resolved and the rest
 * appended) or is a link to nothing (the link is followed by hand).
 */
function realPathOf(path: string, links = 0): string {
  const absolute = resolve(path);
  let stat;
  try {
    stat = lstatSync(absolute);
  } catch {
    const parent = dirname(absolute);
    return parent === absolute ? absolute : join(realPathOf(parent, links), basename(absolute));
  }
  if (!stat.isSymbolicLink()) return realpathSync(absolute);
  if (links >= MAX_LINKS) throw new Error(`${path}: too many levels of symbolic links`);
  return realPathOf(resolve(realPathOf(dirname(absolute), links), readlinkSync(absolute)), links + 1);
}

function within(folder: string, path: string): boolean {
  const rest = relative(folder, path);
  return rest === '' || (!rest.startsWith('..') && !isAbsolute(rest));
}

/**
 * Refuses a backup target in the data folder of the database being copied,
 * or on any of that database's files (they may live elsewhere through a
 * link). The copy is renamed into place: over service.sqlite or its -wal it
 * would swap the files under the running service, which keeps writing to
 * the old ones and finds a mismatched pair at its next start. Any other file
 * in that folder is refused too: the folder is the service's.
 */
export function refuseTargetInDataFolder(dataDir: string, databaseFile: string, toFile: string): void {
  const folder = realPathOf(dataDir);
  const database = realPathOf(databaseFile);
  const serviceFiles = ['', '-wal', '-shm', '-journal'].flatMap((suffix) => [`${database}${suffix}`, join(folder, `${basename(databaseFile)}${suffix}`)]);
  // The copy is first written beside the target, as FILE.partial: both must stay out.
  for (const candidate of [toFile, `${toFile}.partial`]) {
    const target = realPathOf(candidate);
    const where = serviceFiles.includes(target) ? `the database file ${target}` : within(folder, target) ? `inside the data folder ${folder}` : null;
    if (where !== null) {
      throw new Error(`Refusing to back up into ${toFile}: it is ${where}, which the running service uses: choose a file outside it`);
    }
  }
}
