import { Controller, Get, Inject, Param, Res } from '@nestjs/common';
import { Response } from 'express';
import { dirname, join } from 'node:path';
import { ApiError } from '../common/errors/api-error';
import { APP_CONFIG, AppConfig } from '../config/app-config';
import { requestNamespace } from '../namespace';
import { HiddenFromIndex } from './route-catalog';
import { Public } from '../auth/capability.decorator';

/** Swagger UI's files, served from the installed swagger-ui-dist package (no CDN). */
const ASSETS_DIR = dirname(require.resolve('swagger-ui-dist/package.json'));
const ASSETS = new Set(['swagger-ui.css', 'swagger-ui-bundle.js', 'favicon-32x32.png', 'favicon-16x16.png']);

/**
 * `GET <REST_PREFIX>/calendar/events/v1/docs`: /doc rendered for people by Swagger UI. It is a
 * page, not an API route, so the namespace index and /doc leave it out.
 */
@HiddenFromIndex()
@Controller('docs')
@Public()
export class DocsPageController {
  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {}

  /** Where the page was reached: its assets and /doc are fetched under the same namespace. */
  private get base(): string {
    return `${this.config.restPrefix}/${requestNamespace()}`;
  }

  @Get()
  page(@Res() response: Response): void {
    const asset = (file: string) => `${this.base}/docs/${file}`;
    // Its Content-Security-Policy comes from DocsPagePolicy.
    response
      .type('html')
      .send(
        [
          '<!doctype html>',
          '<html lang="en">',
          '<head>',
          '<meta charset="utf-8">',
          '<meta name="viewport" content="width=device-width, initial-scale=1">',
          '<title>The Events Calendar REST API</title>',
          `<link rel="stylesheet" href="${asset('swagger-ui.css')}">`,
          `<link rel="icon" type="image/png" href="${asset('favicon-32x32.png')}" sizes="32x32">`,
          '</head>',
          '<body>',
          '<div id="swagger-ui"></div>',
          `<script src="${asset('swagger-ui-bundle.js')}"></script>`,
          `<script src="${asset('init.js')}"></script>`,
          '</body>',
          '</html>',
        ].join('\n'),
      );
  }

  /** Starts Swagger UI on /doc; no online validator badge (it would call out to a third party). */
  @Get('init.js')
  init(@Res() response: Response): void {
    const options = { url: `${this.base}/doc`, dom_id: '#swagger-ui', deepLinking: true, validatorUrl: null, docExpansion: 'list' };
    response
      .type('application/javascript')
      .send(`window.ui = SwaggerUIBundle(Object.assign(${JSON.stringify(options)}, { presets: [SwaggerUIBundle.presets.apis] }));\n`);
  }

  /**
   * A Swagger UI file. No ranges (the files are small, and a bad range was a 500); a failed
   * precondition (`If-Match`, `If-Unmodified-Since`) is the API's 412, without the file's
   * caching headers, so that no cache keeps the error as the file.
   */
  @Get(':file')
  async asset(@Param('file') file: string, @Res() response: Response): Promise<void> {
    if (!ASSETS.has(file)) throw new ApiError('rest_no_route');
    const failure = await new Promise<(Error & { status?: number }) | undefined>((resolve) =>
      response.sendFile(join(ASSETS_DIR, file), { maxAge: '1d', acceptRanges: false }, resolve),
    );
    // Sent, or the client went away (ECONNABORTED): nothing left to answer.
    if (!failure || response.headersSent || (failure as { code?: string }).code === 'ECONNABORTED') return;
    for (const header of ['Cache-Control', 'ETag', 'Last-Modified', 'Content-Type']) response.removeHeader(header);
    if (failure.status === 412) throw new ApiError('rest_precondition_failed');
    throw failure;
  }
}
