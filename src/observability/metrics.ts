import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { NextFunction, Request, Response } from 'express';
import { TzdbZone } from '../common/parsing/tzdb-zone';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import { DataSource } from 'typeorm';
import { ReadCache } from '../database/read-cache';
import { UNMATCHED_ROUTE, elapsedSeconds, routeOf, startTimer } from './http-request';
import { poolStates } from './pool-state';

/** Remembered reads answer in about a millisecond, so the buckets start well below the defaults. */
const DURATION_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/**
 * What GET /metrics reports (README "Operations"). One registry per app, not prom-client's global
 * one, so that several apps in one process (the e2e suites) keep their numbers apart.
 */
@Injectable()
export class Metrics {
  readonly registry = new Registry();
  private readonly requestDuration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time from the arrival of a request to the end of its response, by method, route pattern and status.',
    labelNames: ['method', 'route', 'status'] as const,
    buckets: DURATION_BUCKETS,
    registers: [this.registry],
  });
  private readonly shed = new Counter({
    name: 'http_requests_shed_total',
    help: 'Responses with status 503: the request was refused because the database (or the server) could not take it.',
    registers: [this.registry],
  });
  private readonly readCacheHits = new Counter({
    name: 'read_cache_hits_total',
    help: 'Reads answered from what this instance remembered (READ_CACHE_SECONDS).',
    registers: [this.registry],
  });
  private readonly readCacheMisses = new Counter({
    name: 'read_cache_misses_total',
    help: 'Reads that had to be computed from the database.',
    registers: [this.registry],
  });

  constructor(@InjectDataSource() dataSource: DataSource, readCache: ReadCache) {
    collectDefaultMetrics({ register: this.registry });
    readCache.listen(this.readCacheLookup);
    new Gauge({
      name: 'db_pool_connections_in_use',
      help: 'Database connections lent out now (SQLite: 1 while a transaction holds its one connection).',
      labelNames: ['pool'] as const,
      registers: [this.registry],
      collect() {
        for (const state of poolStates(dataSource)) this.set({ pool: state.pool }, state.inUse);
      },
    });
    // Times and abbreviations come from moment-timezone's tz data: alert on an old release when a
    // zone's rules change (README, Operations: Time-zone data).
    new Gauge({
      name: 'tz_data_info',
      help: 'Releases of the tz database in use: tzdb converts event times and names timezone_abbr (moment-timezone), icu only zones tzdb lacks (Node.js).',
      labelNames: ['tzdb', 'icu'] as const,
      registers: [this.registry],
    }).set({ tzdb: TzdbZone.release, icu: process.versions.tz ?? 'unknown' }, 1);
    new Gauge({
      name: 'db_pool_requests_waiting',
      help: 'Requests for a database connection waiting now (SQLite: transactions and statements waiting for the open transaction).',
      labelNames: ['pool'] as const,
      registers: [this.registry],
      collect() {
        for (const state of poolStates(dataSource)) this.set({ pool: state.pool }, state.waiting);
      },
    });
  }

  /** Express middleware: times every response that is sent completely, and counts the 503s. */
  readonly observe = (request: Request, response: Response, next: NextFunction): void => {
    startTimer(response);
    response.once('finish', () => {
      const status = response.statusCode;
      this.requestDuration.observe({ method: request.method, route: routeOf(request), status: String(status) }, elapsedSeconds(response));
      if (status === 503) this.shed.inc();
    });
    next();
  };

  /** A request Node's parser refused (answerClientErrorsAsJson): its method is not known. */
  readonly observeRefused = ({ status }: { status: number }): void => {
    this.requestDuration.observe({ method: 'unknown', route: UNMATCHED_ROUTE, status: String(status) }, 0);
  };

  /** ReadCache's listener: one call per remembered-read lookup. */
  private readonly readCacheLookup = (hit: boolean): void => {
    (hit ? this.readCacheHits : this.readCacheMisses).inc();
  };
}
