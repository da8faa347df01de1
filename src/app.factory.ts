import { Type } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { NestExpressApplication } from '@nestjs/platform-express';
import { Logger, PinoLogger } from 'nestjs-pino';
import { DestinationStream, Logger as PinoRootLogger } from 'pino';
import { AppModule } from './app.module';
import { configureApp } from './app.setup';
import { AppConfig } from './config/app-config';
import { createRootLogger } from './observability/access-log';

export interface AppOptions {
  /** Where the JSON log lines go instead of stdout (the e2e suites read them). */
  readonly logDestination?: DestinationStream;
  /** Modules imported beside the app's own, as `nest g resource` adds one to AppModule (the e2e suite's generated resource). */
  readonly modules?: readonly Type[];
}

/** Builds the HTTP app exactly as production runs it; the e2e suites call this too. */
export async function createApp(config: AppConfig, options: AppOptions = {}): Promise<NestExpressApplication> {
  const root = createRootLogger(config.logLevel, options.logDestination);
  // Body parsers are installed by configureApp, with our limits and error mapping. Nest's own
  // lines are JSON from the first one, so a start that fails (a database that does not answer) is
  // logged like everything else; abortOnError: the failure is the caller's to report (main.ts), not
  // a process.abort().
  const app = await NestFactory.create<NestExpressApplication>(AppModule.forRoot(config, root, options.modules), {
    bodyParser: false,
    logger: pinoNestLogger(root),
    abortOnError: false,
  });
  app.useLogger(app.get(Logger));
  return configureApp(app, config);
}

/** Nest's logger over `root` before the app's modules exist (the one they provide writes alike). */
function pinoNestLogger(root: PinoRootLogger): Logger {
  const params = { pinoHttp: { logger: root } };
  return new Logger(new PinoLogger(params), params);
}
