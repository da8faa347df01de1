import { Inject, Injectable, NestMiddleware } from '@nestjs/common';
import { NextFunction, Request, Response } from 'express';
import { contentSecurityPolicy } from 'helmet';
import { APP_CONFIG, AppConfig } from '../config/app-config';

/**
 * The docs page's Content-Security-Policy, in place of the API's `default-src 'none'`
 * (securityHeaders): own scripts and styles only (Swagger UI sets inline styles), images from this
 * site and data: URLs, requests to this site and SITE_URL, no framing.
 */
@Injectable()
export class DocsPagePolicy implements NestMiddleware {
  private readonly policy: ReturnType<typeof contentSecurityPolicy>;

  constructor(@Inject(APP_CONFIG) config: AppConfig) {
    this.policy = contentSecurityPolicy({
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:'],
        connectSrc: ["'self'", new URL(config.siteUrl).origin],
        frameAncestors: ["'none'"],
      },
    });
  }

  use(request: Request, response: Response, next: NextFunction): void {
    this.policy(request, response, next);
  }
}
