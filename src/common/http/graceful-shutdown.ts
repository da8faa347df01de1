import { BeforeApplicationShutdown, Injectable, Logger } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import { Server } from 'node:http';
import { Server as NetServer } from 'node:net';
import { lastRequestArrival, requestsInFlight, startDraining } from './in-flight';

/** How long shutdown waits for handlers still running before the database pool closes. */
export const SHUTDOWN_DRAIN_MS = 10_000;
/** Idle keep-alive connections are closed once no request has arrived for this long. */
export const IDLE_QUIET_MS = 500;

/**
 * On SIGTERM, before Nest closes the HTTP server and then the database pool: stop accepting
 * connections, then wait for every request in flight, including those whose client has gone
 * (their socket is closed, so closing the server would not wait for them, but their handlers
 * still use the database). Nest closes the server again afterwards, which is harmless.
 *
 * Keep-alive connections (issue #12): closing one while its client sends the next request on it
 * resets that request. So while it drains the server keeps them open and answers each request
 * with `Connection: close` (the client stops using that connection, which closes after the
 * answer), and closes the connections left idle only once no request has come for IDLE_QUIET_MS:
 * a client idle that long is not in the middle of sending one.
 */
@Injectable()
export class GracefulShutdown implements BeforeApplicationShutdown {
  constructor(private readonly adapterHost: HttpAdapterHost) {}

  async beforeApplicationShutdown(): Promise<void> {
    const server = this.adapterHost.httpAdapter?.getHttpServer() as Server | undefined;
    startDraining();
    // net's close only stops accepting; http.Server#close would also drop the idle keep-alive connections at once.
    if (server?.listening) NetServer.prototype.close.call(server);
    const deadline = Date.now() + SHUTDOWN_DRAIN_MS;
    for (;;) {
      const quiet = Date.now() - lastRequestArrival() >= IDLE_QUIET_MS;
      if (quiet) server?.closeIdleConnections();
      if (requestsInFlight() === 0 && (quiet || (await openConnections(server)) === 0)) return;
      if (Date.now() >= deadline) break;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    new Logger('Main').warn(`${requestsInFlight()} request(s) still running after ${SHUTDOWN_DRAIN_MS} ms; closing anyway`);
  }
}

function openConnections(server: Server | undefined): Promise<number> {
  return new Promise((resolve) => (server ? server.getConnections((error, count) => resolve(error ? 0 : count)) : resolve(0)));
}
