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

void bootstrap();
