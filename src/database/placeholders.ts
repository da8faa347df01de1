/** `?, ?, ?`: the placeholders of `count` bound parameters (both dialects take `?`). */
export function marks(count: number): string {
  return Array.from({ length: count }, () => '?').join(', ');
}
