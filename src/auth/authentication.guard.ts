import { CanActivate, ExecutionContext, Inject, Injectable } from '@nestjs/common';
import { allowReplicaReads } from '../database/read-routing';
import { Request } from 'express';
import { ApiError } from '../common/errors/api-error';
import { APP_CONFIG, AppConfig } from '../config/app-config';
import { AuthService } from './auth.service';
import { LoginRateLimiter } from './login-rate-limiter';
import { refusesCredentials } from './transport-security';

/**
 * Runs on every request: attaches the caller from HTTP Basic credentials (or `null` when there
 * are none). Wrong credentials are 401 `invalid_credentials` on any request, one code for an
 * unknown user and a wrong password alike, so user names cannot be probed. Credentials that came
 * over plain HTTP from another machine are refused before any check (401 `rest_insecure_transport`).
 */
@Injectable()
export class AuthenticationGuard implements CanActivate {
  constructor(
    private readonly auth: AuthService,
    private readonly limiter: LoginRateLimiter,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const request = context.switchToHttp().getRequest<Request>();
    request.user = null;
    const header = request.headers.authorization;
    if (!header || !/^basic\s/i.test(header)) {
      // Nobody's own writes to read: a replica may answer (signed-in callers read the primary).
      if (request.method === 'GET' || request.method === 'HEAD') allowReplicaReads();
      return true;
    }
    if (refusesCredentials(request, this.config.allowInsecureAuth)) throw new ApiError('rest_insecure_transport');

    const address = request.ip ?? 'unknown';
    const decoded = Buffer.from(header.slice(6).trim(), 'base64').toString('utf8');
    const colon = decoded.indexOf(':');
    if (colon <= 0) {
      await this.limiter.gate(address, '').admit();
      throw new ApiError('invalid_credentials');
    }
    const username = decoded.slice(0, colon);
    const user = await this.auth.authenticate(username, decoded.slice(colon + 1), this.limiter.gate(address, username));
    if (!user) throw new ApiError('invalid_credentials');
    request.user = user;
    return true;
  }
}
