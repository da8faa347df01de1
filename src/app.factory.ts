import { Type } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { NestExpressApplication } from '@nestjs/platform-express';
import { Logger } from 'nestjs-pino';
import { DestinationStream } from 'pino';
import { AppModule } from './app.module';
import { configureApp } from './app.setup';
import { AppConfig } from './config/app-config';

export interface AppOptions {
  /** Where the JSON log lines go instead of stdout (the e2e suites read them). */
  readonly logDestination?: DestinationStream;
  /** Modules imported beside the app's own, as `nest g resource` adds one to AppModule (the e2e suite's generated resource). */
  readonly modules?: readonly Type[];
}

/** Builds the HTTP app exactly as production runs it; the e2e suites call this too. */
export async function createApp(config: AppConfig, options: AppOptions = {}): Promise<NestExpressApplication> {
  // Body parsers are installed by configureApp, with our limits and error mapping. Nest's own
  // lines wait until its logger is pino (LOG_LEVEL), then go there.
  const app = await NestFactory.create<NestExpressApplication>(AppModule.forRoot(config, options.logDestination, options.modules), {
    bodyParser: false,
    bufferLogs: true,
  });
  app.useLogger(app.get(Logger));
  app.flushLogs();
  return configureApp(app, config);
}
