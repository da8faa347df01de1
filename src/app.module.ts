import { DynamicModule, Module, Type } from '@nestjs/common';
import { APP_FILTER, APP_GUARD, APP_INTERCEPTOR, APP_PIPE } from '@nestjs/core';
import { AuthModule } from './auth/auth.module';
import { AuthenticationGuard } from './auth/authentication.guard';
import { CapabilityGuard } from './auth/capability.guard';
import { AllExceptionsFilter } from './common/errors/all-exceptions.filter';
import { ArgsPipe } from './common/params/args.pipe';
import { PathIdGuard } from './common/params/path-id.guard';
import { AppConfig } from './config/app-config';
import { ConfigModule } from './config/config.module';
import { DatabaseModule } from './database/database.module';
import { AllowHeaderInterceptor } from './discovery/allow-header.interceptor';
import { HealthModule } from './health/health.module';
import { DiscoveryModule } from './discovery/discovery.module';
import { CategoriesModule } from './categories/categories.module';
import { EventsModule } from './events/events.module';
import { TagsModule } from './tags/tags.module';
import { OrganizersModule } from './organizers/organizers.module';
import { VenuesModule } from './venues/venues.module';
import { ShutdownLogger } from './shutdown-logger';
import { GracefulShutdown } from './common/http/graceful-shutdown';
import { InFlightGuard, InFlightInterceptor } from './common/http/in-flight';
import { LoadSheddingGuard } from './common/http/load-shedding';
import { ResultInterceptor } from './common/http/result.interceptor';
import { ResponseFieldsInterceptor } from './common/http/response-fields';
import { UrlsModule } from './common/urls/urls.module';
import { BenchModeModule } from './bench-mode/bench-mode.module';
import { ConditionalRequestsInterceptor } from './common/http/conditional-requests.interceptor';
import { IdempotencyInterceptor } from './idempotency/idempotency.interceptor';
import { UnreadableBodyInterceptor } from './common/http/unreadable-body.interceptor';
import { IdempotencyModule } from './idempotency/idempotency.module';
import { ObservabilityModule } from './observability/observability.module';
import { Logger as PinoRootLogger } from 'pino';

/**
 * Global pipe, filter and guards are providers (not `app.use*` calls in main.ts), so the e2e
 * suites get exactly what production gets. Guards run in this order: the in-flight count (for
 * graceful shutdown), load shedding, who is calling, then may they use this route at all.
 */
@Module({})
export class AppModule {
  static forRoot(config: AppConfig, rootLogger?: PinoRootLogger, modules: readonly Type[] = []): DynamicModule {
    return {
      module: AppModule,
      imports: [
        ConfigModule.forRoot(config),
        ObservabilityModule.forRoot(config, rootLogger),
        DatabaseModule,
        UrlsModule,
        AuthModule,
        HealthModule,
        EventsModule,
        VenuesModule,
        OrganizersModule,
        CategoriesModule,
        TagsModule,
        DiscoveryModule,
        IdempotencyModule,
        ...(config.benchMode ? [BenchModeModule] : []),
        ...modules,
      ],
      providers: [
        ShutdownLogger,
        GracefulShutdown,
        { provide: APP_FILTER, useClass: AllExceptionsFilter },
        { provide: APP_PIPE, useClass: ArgsPipe },
        // Outermost first: a request counts as in flight until everything inside is through; results
        // become HTTP last, after the conditional and idempotency checks saw them.
        { provide: APP_INTERCEPTOR, useClass: InFlightInterceptor },
        { provide: APP_INTERCEPTOR, useClass: AllowHeaderInterceptor },
        { provide: APP_INTERCEPTOR, useClass: ResultInterceptor },
        { provide: APP_INTERCEPTOR, useClass: ConditionalRequestsInterceptor },
        { provide: APP_INTERCEPTOR, useClass: UnreadableBodyInterceptor },
        // `_fields` filters the handler's answer before anything tags or sends it; a replayed
        // response (stored whole, in the create's transaction) is filtered on its way out too.
        { provide: APP_INTERCEPTOR, useClass: ResponseFieldsInterceptor },
        // Innermost: it stores what the handler's transaction returns and replays it in its place.
        { provide: APP_INTERCEPTOR, useClass: IdempotencyInterceptor },
        { provide: APP_GUARD, useClass: InFlightGuard },
        { provide: APP_GUARD, useClass: LoadSheddingGuard },
        { provide: APP_GUARD, useClass: AuthenticationGuard },
        { provide: APP_GUARD, useClass: PathIdGuard },
        { provide: APP_GUARD, useClass: CapabilityGuard },
      ],
    };
  }
}
