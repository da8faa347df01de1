import { Module } from '@nestjs/common';
import { APP_INTERCEPTOR } from '@nestjs/core';
import { BenchController } from './bench.controller';
import { InFlightInterceptor } from './in-flight';

/** Imported by AppModule only when BENCH_MODE is set (`npm run bench`). */
@Module({ controllers: [BenchController], providers: [{ provide: APP_INTERCEPTOR, useClass: InFlightInterceptor }] })
export class BenchModeModule {}
