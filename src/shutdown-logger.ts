import { Injectable, Logger, OnApplicationShutdown } from '@nestjs/common';

/** Says when the app has finished its requests and closed its connections (after SIGTERM). */
@Injectable()
export class ShutdownLogger implements OnApplicationShutdown {
  onApplicationShutdown(signal?: string): void {
    new Logger('Main').log(`stopped (${signal ?? 'close'})`);
  }
}
