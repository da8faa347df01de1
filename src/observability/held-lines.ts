import { pino } from 'pino';

/** pino's SonicBoom destination. */
export type HeldLines = ReturnType<typeof pino.destination>;

/**
 * How stdout's lines are written (issue #14): held until 3 KB have gathered or 100 ms have
 * passed, then written together, synchronously. One write per line woke whatever reads stdout (a
 * pipe to a container runtime or a log shipper) on every request: 3 to 6 % of the main thread's
 * time in a list under load. A write is at most 4096 bytes (PIPE_BUF) and ends at a line's end:
 * the workers of start:cluster share the primary's stdout pipe, and the kernel writes up to
 * PIPE_BUF bytes to a pipe at once, so their lines never interleave (a longer line is written
 * alone, as before). Synchronous, not pino's asynchronous writer, so that every held line can be
 * written at once when the process ends.
 */
const MAX_WRITE = 4096;
const HELD_BYTES = 3072;
const HELD_MS = 100;

/** A destination that holds lines for the file descriptor `fd`, and writes them when the process exits. */
export function heldLines(fd: number): HeldLines {
  const held = pino.destination({ dest: fd, sync: true, minLength: HELD_BYTES, maxWrite: MAX_WRITE, periodicFlush: HELD_MS });
  process.once('exit', () => {
    try {
      if (!isDestroyed(held)) held.flushSync();
    } catch {
      // Nothing left to tell about a stdout that cannot be written at exit.
    }
  });
  return held;
}

let stdout: HeldLines | undefined;

/** The process's stdout: one destination however many apps the process builds (the e2e suites build many). */
export function heldStdout(): HeldLines {
  stdout ??= heldLines(1);
  return stdout;
}

/**
 * Writes what `held` (by default stdout) holds, and from then on every line at once. For the end
 * of the process: after SIGTERM, Nest ends it with the signal once the shutdown hooks have run, and
 * no exit handler runs then; hooks that run after the caller's (the database's) may still log.
 */
export function stopHolding(held: HeldLines | undefined = stdout): void {
  if (!held || isDestroyed(held)) return;
  held.flushSync();
  // SonicBoom reads minLength on every write (its typings omit the property).
  (held as unknown as { minLength: number }).minLength = 0;
}

function isDestroyed(held: HeldLines): boolean {
  return (held as unknown as { destroyed?: boolean }).destroyed === true;
}
