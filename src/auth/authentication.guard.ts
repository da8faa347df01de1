import { CanActivate, ExecutionContext, Injectable } from '@nestjs/common';
import { Request } from 'express';
import { ApiError } from '../common/errors/api-error';
import { ERRORS } from '../common/errors/error-codes';
import { msg } from '../common/i18n/message';
import { AuthService } from './auth.service';
import { LoginRateLimiter } from './login-rate-limiter';

/**
 * Runs on every request: attaches the caller from HTTP Basic credentials (or `null` when there
 * are none). Wrong credentials are 401 `invalid_credentials` on any request, one code for an
 * unknown user and a wrong password alike, so user names cannot be probed.
 */
@Injectable()
export class AuthenticationGuard implements CanActivate {
  constructor(
    private readonly auth: AuthService,
    private readonly limiter: LoginRateLimiter,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const request = context.switchToHttp().getRequest<Request>();
    request.user = null;
    const header = request.headers.authorization;
    if (!header || !/^basic\s/i.test(header)) return true;

    const address = request.ip ?? 'unknown';
    let spentPoint = false;
    const takePoint = async () => {
      const wait = await this.limiter.attempt(address);
      if (wait) throw tooManyRequests(wait);
      spentPoint = true;
    };

    const decoded = Buffer.from(header.slice(6).trim(), 'base64').toString('utf8');
    const colon = decoded.indexOf(':');
    if (colon <= 0) {
      await takePoint();
      throw new ApiError('invalid_credentials');
    }
    const user = await this.auth.authenticate(decoded.slice(0, colon), decoded.slice(colon + 1), takePoint);
    if (!user) throw new ApiError('invalid_credentials');
    if (spentPoint) await this.limiter.succeeded(address);
    request.user = user;
    return true;
  }
}

function tooManyRequests(seconds: number): ApiError {
  const message = msg(ERRORS.rest_too_many_requests.message, seconds);
  return new ApiError('rest_too_many_requests', message, {}, { headers: { 'Retry-After': String(seconds) } });
}
