import { DynamicModule, Module } from '@nestjs/common';
import { AuthModule } from '../auth/auth.module';
import { AppConfig } from '../config/app-config';
import { ConfigModule } from '../config/config.module';
import { DatabaseModule } from '../database/database.module';

/** The modules the CLI commands need, without the HTTP layer. */
@Module({})
export class CliModule {
  static forRoot(config: AppConfig): DynamicModule {
    // Seeds, recounts and migrations are long by nature: the bounds of a request's database work (0) do not apply.
    const unbounded = { ...config, statementTimeoutMs: 0, acquireTimeoutMs: 0 };
    return { module: CliModule, imports: [ConfigModule.forRoot(unbounded), DatabaseModule, AuthModule] };
  }
}
