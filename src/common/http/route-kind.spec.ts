import { RequestMethod } from '@nestjs/common';
import { METHOD_METADATA } from '@nestjs/common/constants';
import { MetadataScanner, ModuleRef, Reflector } from '@nestjs/core';
import { AppModule } from '../../app.module';
import { subjectResolverOf } from '../../auth/subject';
import { loadConfig } from '../../config/load-config';
import { controllersOf } from '../../discovery/module-controllers';
import { handlerRouteKind, isSingleItemRoute, routeKind } from './route-kind';

describe('routeKind', () => {
  it.each([
    ['', 'index'],
    ['/doc', 'doc'],
    ['/events', 'collection'],
    ['/events/:id', 'single'],
    ['/events/by-slug/:slug', 'by-slug'],
    ['/events/ics', 'other'],
    ['/events/:id/ics', 'other'],
  ])('%s is %s', (path, kind) => {
    expect(routeKind(path)).toBe(kind);
  });
});

describe('single-item writes', () => {
  it('all load their subject, so If-Match can render the item (conditional-requests.interceptor)', () => {
    const scanner = new MetadataScanner();
    const reflector = new Reflector();
    const moduleRef = { get: (type: unknown) => type } as unknown as ModuleRef;
    const writes: string[] = [];
    for (const controller of controllersOf(AppModule.forRoot(loadConfig({})))) {
      const prototype = controller.prototype as Record<string, Function>;
      for (const name of scanner.getAllMethodNames(prototype)) {
        const method = Reflect.getMetadata(METHOD_METADATA, prototype[name]) as RequestMethod | undefined;
        if (method === undefined || method === RequestMethod.GET) continue;
        if (!isSingleItemRoute(handlerRouteKind(controller, prototype[name]))) continue;
        writes.push(`${controller.name}.${name}`);
        expect([`${controller.name}.${name}`, subjectResolverOf(reflector, moduleRef, prototype[name]) !== undefined]).toEqual([
          `${controller.name}.${name}`,
          true,
        ]);
      }
    }
    expect(writes.length).toBeGreaterThanOrEqual(4 * 3 * 2 + 4 * 2);
  });
});
