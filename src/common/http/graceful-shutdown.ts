import { BeforeApplicationShutdown, Injectable, Logger } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import { Server } from 'node:http';
import { requestsFinished, requestsInFlight } from './in-flight';

/** How long shutdown waits for handlers still running before the database pool closes. */
export const SHUTDOWN_DRAIN_MS = 10_000;

/**
 * On SIGTERM, before Nest closes the HTTP server and then the database pool: stop accepting
 * connections, then wait for every request in flight, including those whose client has gone
 * (their socket is closed, so closing the server would not wait for them, but their handlers
 * still use the database). Nest closes the server again afterwards, which is harmless.
 */
@Injectable()
export class GracefulShutdown implements BeforeApplicationShutdown {
  constructor(private readonly adapterHost: HttpAdapterHost) {}

  async beforeApplicationShutdown(): Promise<void> {
    const server = this.adapterHost.httpAdapter?.getHttpServer() as Server | undefined;
    if (server?.listening) server.close();
    // A keep-alive connection stays open after close() and may bring more requests: close each one
    // as soon as it is idle between two of them, so the count can reach zero.
    if (!(await requestsFinished(SHUTDOWN_DRAIN_MS, 20, () => server?.closeIdleConnections()))) {
      new Logger('Main').warn(`${requestsInFlight()} request(s) still running after ${SHUTDOWN_DRAIN_MS} ms; closing anyway`);
    }
  }
}
