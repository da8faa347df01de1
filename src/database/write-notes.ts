import { AsyncLocalStorage } from 'node:async_hooks';
import { ALL, NOTHING, WriteScope, mergeWrites } from './write-scope';

/** What the code of one transaction() said it wrote. */
class WriteNotes {
  readonly writes: WriteScope[] = [];
  complete = false;
}

const notes = new AsyncLocalStorage<WriteNotes>();

/** Inside transaction(): this transaction wrote `scope` (among other things unless notesComplete() is called). */
export function noteWrite(scope: WriteScope): void {
  notes.getStore()?.writes.push(scope);
}

/**
 * Inside transaction(): every write of this transaction has been noted. Only the write paths
 * audited for it say so (event creates, updates and deletes; idempotency keys); any other
 * transaction ends every remembered read, as before issue #14.
 */
export function notesComplete(): void {
  const store = notes.getStore();
  if (store) store.complete = true;
}

/** Runs `work` collecting its notes; `scope()` is what it wrote (ALL unless its notes are complete). */
export function collectingWrites<T>(work: () => Promise<T>): { done: Promise<T>; scope: () => WriteScope } {
  const store = new WriteNotes();
  return {
    done: notes.run(store, work),
    scope: () => (store.complete ? (store.writes.length ? mergeWrites(store.writes) : NOTHING) : ALL),
  };
}
