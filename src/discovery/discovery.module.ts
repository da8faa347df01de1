import { MiddlewareConsumer, Module, NestModule } from '@nestjs/common';
import { DiscoveryModule as NestDiscoveryModule } from '@nestjs/core';
import { ValidatedParamsCheck } from '../common/params/validated-params';
import { DocController } from './doc.controller';
import { DocsPageController } from './docs-page.controller';
import { DocsPagePolicy } from './docs-page.policy';
import { NamespaceIndexController } from './namespace-index.controller';
import { NamespaceIndexService } from './namespace-index.service';
import { RouteCatalog } from './route-catalog';
import { RouteOptionsController } from './route-options.controller';
import { SwaggerScanStore } from './swagger-document';

/**
 * The namespace index, /doc and the docs page, all generated from the route declarations; and the
 * boot check that every route's body and query string are declared by a validated DTO.
 */
@Module({
  imports: [NestDiscoveryModule],
  controllers: [NamespaceIndexController, DocController, DocsPageController, RouteOptionsController],
  providers: [RouteCatalog, NamespaceIndexService, SwaggerScanStore, ValidatedParamsCheck],
  exports: [RouteCatalog, SwaggerScanStore],
})
export class DiscoveryModule implements NestModule {
  configure(consumer: MiddlewareConsumer): void {
    consumer.apply(DocsPagePolicy).forRoutes(DocsPageController);
  }
}
