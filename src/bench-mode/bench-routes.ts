import { RequestMethod } from '@nestjs/common';

/** The bench routes: outside the namespace and the REST prefix, and only in BENCH_MODE (BenchController). */
export const BENCH_ROUTES = [
  { path: '_bench/baseline', method: RequestMethod.GET },
  { path: '_bench/stats', method: RequestMethod.GET },
  { path: '_bench/queries', method: RequestMethod.GET },
];
