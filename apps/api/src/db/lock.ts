import { createHash } from 'node:crypto';
import {
  closeSync,
  linkSync,
  openSync,
  readFileSync,
  realpathSync,
  rmSync,
  writeSync,
} from 'node:fs';
import { createServer } from 'node:net';
import { hostname } from 'node:os';
import path from 'node:path';

/**
 * PGlite is single-process: a second server on the same data directory would
 * corrupt it. Two locks guard it (docs/decisions/046-pglite-lock-file.md):
 *
 * - `pglite.lock` beside the data, created exclusively (written whole under a
 *   unique name, then hard-linked to its place: like O_EXCL, it fails when the
 *   file exists, and it never shows half-written), holding the holder's pid,
 *   host name and boot id. It is seen by every process that mounts the
 *   directory, whatever its network namespace or container. A file whose holder
 *   is provably gone — same host and a dead pid, our own pid (a container
 *   restarted), or another boot — is taken over; a live holder, or one on
 *   another host (which cannot be checked from here), refuses with a message
 *   that says who holds it and what to do.
 * - On Linux, first, a listening socket in the abstract namespace named after
 *   the directory: atomic, released by the kernel when the process dies (even by
 *   `kill -9`), it lets exactly one of the processes of a network namespace go
 *   on to the file, so two of them never take over a stale file together.
 */
export async function acquireDataDirLock(file: string): Promise<() => void> {
  const releaseSocket = process.platform === 'linux' ? await acquireSocketLock(file) : () => {};
  try {
    const releaseFile = acquireLockFile(file);
    return () => {
      releaseFile();
      releaseSocket();
    };
  } catch (err) {
    releaseSocket();
    throw err;
  }
}

interface Holder {
  pid: number;
  host: string;
  /** /proc/sys/kernel/random/boot_id on Linux: a pid of another boot is no process of ours. */
  boot: string | null;
}

function bootId(): string | null {
  try {
    return readFileSync('/proc/sys/kernel/random/boot_id', 'utf8').trim() || null;
  } catch {
    return null;
  }
}

const me = (): Holder => ({ pid: process.pid, host: hostname(), boot: bootId() });

/** The holder the file names; a bare pid (the format before the host was written) is this host's. */
function readHolder(file: string): Holder | null {
  let text: string;
  try {
    text = readFileSync(file, 'utf8').trim();
  } catch {
    return null;
  }
  if (/^\d+$/.test(text)) return { pid: Number(text), host: hostname(), boot: null };
  try {
    const value = JSON.parse(text) as Partial<Holder>;
    if (typeof value.pid === 'number' && typeof value.host === 'string')
      return {
        pid: value.pid,
        host: value.host,
        boot: typeof value.boot === 'string' ? value.boot : null,
      };
  } catch {
    // unreadable: as if no one could be named
  }
  return null;
}

/** Whether the file's holder is certainly not running any more (so its lock may be taken over). */
function isGone(holder: Holder, self: Holder): boolean {
  if (holder.host !== self.host) return false;
  if (holder.boot && self.boot && holder.boot !== self.boot) return true;
  return holder.pid === self.pid || !isAlive(holder.pid);
}

function acquireLockFile(file: string): () => void {
  const self = me();
  const content = `${JSON.stringify(self)}\n`;
  for (let attempt = 0; attempt < 3; attempt++) {
    const tmp = `${file}.${process.pid}.tmp`;
    const fd = openSync(tmp, 'w');
    try {
      writeSync(fd, content);
    } finally {
      closeSync(fd);
    }
    try {
      linkSync(tmp, file);
      let released = false;
      return () => {
        if (released) return;
        released = true;
        // only our own file: never one a later holder wrote
        try {
          if (readFileSync(file, 'utf8') === content) rmSync(file, { force: true });
        } catch {
          // already gone
        }
      };
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      const holder = readHolder(file);
      // no holder named (an unreadable file, never one of ours) or a holder gone: taken over
      if (holder && !isGone(holder, self)) throw inUse(file, holder, self);
      rmSync(file, { force: true });
    } finally {
      rmSync(tmp, { force: true });
    }
  }
  throw new Error(`Não foi possível obter o bloqueio ${file}`);
}

async function acquireSocketLock(file: string): Promise<() => void> {
  const dir = realpathSync(path.dirname(file));
  const name = `\0fa-clube-pglite-${createHash('sha256').update(dir).digest('hex').slice(0, 40)}`;
  const server = createServer();
  await new Promise<void>((resolve, reject) => {
    server.once('error', (err: NodeJS.ErrnoException) =>
      reject(err.code === 'EADDRINUSE' ? inUse(file, readHolder(file), me()) : err),
    );
    server.listen(name, () => resolve());
  });
  server.unref();
  let released = false;
  return () => {
    if (released) return;
    released = true;
    server.close();
  };
}

function inUse(file: string, holder: Holder | null, self: Holder) {
  const where = path.dirname(file);
  if (holder && holder.host !== self.host)
    return new Error(
      `O banco embutido em ${where} já está em uso pelo processo ${holder.pid} em ${holder.host}. ` +
        `Pare o outro servidor ou use outro DATA_DIR; se ele já parou, apague ${file}.`,
    );
  return new Error(
    `O banco embutido em ${where} já está em uso${holder ? ` pelo processo ${holder.pid}` : ''}. ` +
      'Pare o outro servidor ou use outro DATA_DIR.',
  );
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}
