import { DynamicModule, Global, Module, RequestMethod } from '@nestjs/common';
import { LoggerModule } from 'nestjs-pino';
import { Logger } from 'pino';
import { AppConfig } from '../config/app-config';
import { createRootLogger } from './access-log';
import { Metrics } from './metrics';
import { MetricsController } from './metrics.controller';

export const ROOT_LOGGER = Symbol('ROOT_LOGGER');

/**
 * JSON logs and metrics (issue #12). Nest's Logger writes through nestjs-pino; the access log
 * (pino-http) is installed by configureApp ahead of the body parsers, so that refused bodies and
 * preflights are logged too, and nestjs-pino binds its request logger (`useExisting`).
 */
@Global()
@Module({})
export class ObservabilityModule {
  static forRoot(config: AppConfig, root: Logger = createRootLogger(config.logLevel)): DynamicModule {
    return {
      module: ObservabilityModule,
      imports: [
        // Express 5 syntax for "every route" (nestjs-pino's default `*` draws a warning).
        LoggerModule.forRoot({
          pinoHttp: { logger: root },
          useExisting: true,
          forRoutes: [{ path: '{*path}', method: RequestMethod.ALL }],
        }),
      ],
      controllers: [MetricsController],
      providers: [{ provide: ROOT_LOGGER, useValue: root }, Metrics],
      exports: [ROOT_LOGGER, Metrics],
    };
  }
}
