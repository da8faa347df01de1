/** Requests the server has not finished answering (BENCH_MODE): the bench waits for 0 between scenarios. */
let inFlight = 0;

export function requestsInFlight(): number {
  return inFlight;
}

export function countInFlight(
  _request: unknown,
  response: { once(event: 'close', listener: () => void): unknown },
  next: () => void,
): void {
  inFlight++;
  response.once('close', () => inFlight--);
  next();
}
