import { Logger } from '@nestjs/common';
import { createApp } from './app.factory';
import { loadConfigOrExit } from './config/load-config';

async function bootstrap(): Promise<void> {
  const config = loadConfigOrExit();
  const app = await createApp(config);
  await app.listen(config.port, config.host).catch((error: unknown) => {
    // A HOST that does not resolve fails as a bare `getaddrinfo ENOTFOUND <name>`: say which setting it is.
    if ((error as NodeJS.ErrnoException).syscall === 'getaddrinfo')
      (error as Error).message = `HOST "${config.host}": ${(error as Error).message}`;
    throw error;
  });
  new Logger('Main').log(
    `listening on http://${config.host}:${config.port}${config.restPrefix}/calendar/events/v1 (${config.database.type})`,
  );
}

bootstrap().catch((error: unknown) => {
  // Nest's logger is the JSON one by now (createApp); a failed start already logged its stack
  // there, and a port in use needs none.
  new Logger('Main').fatal(`could not start: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
