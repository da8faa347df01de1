import { loadConfig } from '../config/load-config';
import { AppModule } from '../app.module';
import { Urls } from '../common/urls/urls';
import { NamespaceIndexService } from './namespace-index.service';
import { RouteCatalog, buildRouteCatalog } from './route-catalog';
import { controllersOf } from './module-controllers';

describe('NamespaceIndexService', () => {
  const config = loadConfig({ SITE_URL: 'http://x.test', SITE_TIMEZONE: 'Europe/Berlin' });
  const routes = buildRouteCatalog(controllersOf(AppModule.forRoot(config)));
  const catalog = { all: () => routes } as unknown as RouteCatalog;
  const service = new NamespaceIndexService(catalog, new Urls(config), config);
  const startDefault = (now: string) =>
    service.index('en_US', 'calendar/events/v1', new Date(now)).routes['/calendar/events/v1/events'].endpoints[0].args.start_date.default;

  it("shows the events list's defaults of the site day of the request, and builds the index again when that day changes", () => {
    // 22:59:59 UTC is 23:59:59 in Berlin; a second later it is the next day there.
    expect(startDefault('2030-03-09T22:59:59Z')).toBe('2030-03-09 00:00:00');
    const sameDay = service.index('en_US', 'calendar/events/v1', new Date('2030-03-09T12:00:00Z'));
    expect(service.index('en_US', 'calendar/events/v1', new Date('2030-03-09T22:00:00Z'))).toBe(sameDay);
    expect(startDefault('2030-03-09T23:00:00Z')).toBe('2030-03-10 00:00:00');
    expect(service.index('en_US', 'calendar/events/v1', new Date('2030-03-09T23:30:00Z'))).not.toBe(sameDay);
  });

  it('describes one route as the index does', () => {
    const now = new Date('2030-03-09T12:00:00Z');
    const route = routes.find((r) => r.path === '/events/:id')!;
    expect(service.route(route, 'de_DE', 'calendar/events/v1', now)).toBe(
      service.index('de_DE', 'calendar/events/v1', now).routes['/calendar/events/v1/events/(?P<id>\\d+)'],
    );
  });
});
