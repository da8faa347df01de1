import { Inject, Injectable, Logger, OnApplicationShutdown } from '@nestjs/common';
import { Logger as PinoLogger } from 'pino';
import { flushLogs } from './observability/access-log';
import { ROOT_LOGGER } from './observability/observability.module';

/**
 * Says when the app has finished its requests and closed its connections (after SIGTERM), then
 * writes every log line still held: Nest ends the process with the signal next, and no exit
 * handler runs then.
 */
@Injectable()
export class ShutdownLogger implements OnApplicationShutdown {
  constructor(@Inject(ROOT_LOGGER) private readonly root: PinoLogger) {}

  onApplicationShutdown(signal?: string): void {
    new Logger('Main').log(`stopped (${signal ?? 'close'})`);
    flushLogs(this.root);
  }
}
