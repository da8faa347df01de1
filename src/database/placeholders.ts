/** `?, ?, ?`: the placeholders of `count` bound parameters (both dialects take `?`). */
export function marks(count: number): string {
  return Array.from({ length: count }, () => '?').join(', ');
}

/** A piece of SQL and its `?` parameters, in order. */
export interface SqlPiece {
  readonly sql: string;
  readonly params: readonly unknown[];
}
