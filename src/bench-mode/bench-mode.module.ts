import { Module } from '@nestjs/common';
import { BenchController } from './bench.controller';

/** Imported by AppModule only when BENCH_MODE is set (`npm run bench`). */
@Module({ controllers: [BenchController] })
export class BenchModeModule {}
