import { Injectable, Logger, OnApplicationShutdown } from '@nestjs/common';
import { stopHolding } from './observability/held-lines';

/** Says when the app has finished its requests (after SIGTERM), and writes every log line still held. */
@Injectable()
export class ShutdownLogger implements OnApplicationShutdown {
  onApplicationShutdown(signal?: string): void {
    new Logger('Main').log(`stopped (${signal ?? 'close'})`);
    // Nest ends the process with the signal after the last hook, and no exit handler runs then.
    stopHolding();
  }
}
