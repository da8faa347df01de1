import { LogLevel } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { NestExpressApplication } from '@nestjs/platform-express';
import { AppModule } from './app.module';
import { configureApp } from './app.setup';
import { AppConfig } from './config/app-config';

/** Builds the HTTP app exactly as production runs it; the e2e suites call this too. */
export async function createApp(config: AppConfig, logger: LogLevel[] | false = ['log', 'error', 'warn']): Promise<NestExpressApplication> {
  // Body parsers are installed by configureApp, with our limits and error mapping.
  const app = await NestFactory.create<NestExpressApplication>(AppModule.forRoot(config), { bodyParser: false, logger });
  return configureApp(app, config);
}
