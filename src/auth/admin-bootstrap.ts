import { Inject, Injectable, Logger, OnApplicationBootstrap } from '@nestjs/common';
import { APP_CONFIG, AppConfig } from '../config/app-config';
import { UsersService } from './users.service';

/** Applies ADMIN_USERNAME/ADMIN_PASSWORD at start-up (idempotent). */
@Injectable()
export class AdminBootstrap implements OnApplicationBootstrap {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly users: UsersService,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    if (!this.config.admin) return;
    await this.users.ensureAdmin(this.config.admin.username, this.config.admin.password);
    new Logger('Auth').log(`administrator "${this.config.admin.username}" is ready`);
  }
}
