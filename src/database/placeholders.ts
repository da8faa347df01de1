/** `?, ?, ?`: the placeholders of `count` bound parameters (both dialects take `?`). */
export function marks(count: number): string {
  return Array.from({ length: count }, () => '?').join(', ');
}

/** A piece of SQL and its `?` parameters, in order. */
export interface SqlPiece {
  readonly sql: string;
  readonly params: readonly unknown[];
  /**
   * It reads by primary key or by indexes it names, so its values cannot change its plan: a
   * statement made of such pieces may run prepared (prepared-statements.ts).
   */
  readonly fixedPlan?: boolean;
}
