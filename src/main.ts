import { Logger } from '@nestjs/common';
import { createApp } from './app.factory';
import { loadConfigOrExit } from './config/load-config';

async function bootstrap(): Promise<void> {
  const config = loadConfigOrExit();
  const app = await createApp(config);
  await app.listen(config.port, config.host);
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
