import { INestApplication, Injectable } from '@nestjs/common';
import { DocumentBuilder, OpenAPIObject, SwaggerModule } from '@nestjs/swagger';

/** What swagger's scan of the controllers gives: operations by path and method, the DTO schemas. */
export type SwaggerScan = Pick<OpenAPIObject, 'paths' | 'components'>;

/** The operation id of a handler: `Events_updateByPost` (the controller's name without "Controller"). */
export function operationIdOf(controller: string, handler: string): string {
  return `${controller.replace(/Controller$/, '')}_${handler}`;
}

/**
 * @nestjs/swagger's document of the app's controllers: paths relative to the namespace (no global
 * prefix), parameters and request bodies from the `@ApiParam`/`@ApiQuery`/`@ApiBody` that
 * `@Args()` applies and the `@ApiProperty` of each `@Arg`. /doc post-processes it (openapi.ts).
 */
export function scanControllers(app: INestApplication): SwaggerScan {
  const { paths, components } = SwaggerModule.createDocument(app, new DocumentBuilder().build(), {
    ignoreGlobalPrefix: true,
    operationIdFactory: operationIdOf,
    autoTagControllers: false,
  });
  return { paths, components };
}

/** Holds the scan: swagger needs the application object, which only `configureApp` has. */
@Injectable()
export class SwaggerScanStore {
  private scan?: SwaggerScan;

  set(scan: SwaggerScan): void {
    this.scan = scan;
  }

  get(): SwaggerScan {
    if (!this.scan) throw new Error('The controllers were not scanned for /doc: create the app with createApp (configureApp)');
    return this.scan;
  }
}
