/** The parsed create/update parameters of either taxonomy; `parent` is only declared for categories. */
export interface TermInput {
  name?: string;
  /** `null` clears it (updates). */
  description?: string | null;
  slug?: string;
  parent?: number;
}
