import { Logger } from '@nestjs/common';
import { createApp } from './app.factory';
import { ConfigError, loadConfig } from './config/load-config';

async function bootstrap(): Promise<void> {
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    console.error(error.message);
    process.exit(1);
  }
  const app = await createApp(config);
  await app.listen(config.port, config.host);
  new Logger('Main').log(
    `listening on http://${config.host}:${config.port}${config.restPrefix}/calendar/events/v1 (${config.database.type})`,
  );
}

void bootstrap();
