import { Inject, Injectable } from '@nestjs/common';
import { AuthUser } from '../auth/auth-user';
import { TextResult } from '../common/http/text-result';
import { Gate } from '../common/gate';
import { Urls } from '../common/urls/urls';
import { APP_CONFIG, AppConfig } from '../config/app-config';
import { ListPage, linkHeader } from '../listing';
import { ListEventsQuery } from './dto/list-events.query';
import { ICS_CONTENT_TYPE, eventsCalendar, eventsCalendarInSlices } from './event-ics';
import { EventView } from './event.presenter';
import { EventsQueryService } from './events-query.service';

/** The most events one feed holds when no page is asked for; `X-TEC-Total` tells how many matched. */
export const ICS_MAX_EVENTS = 500;
/**
 * Whole feeds read and built at once by one process. A feed costs a few hundred ms of CPU; built
 * side by side, eight of them kept every other request waiting that long between two turns of the
 * event loop (issue #12). The others wait, bounded by load shedding.
 */
export const ICS_CONCURRENT_FEEDS = 2;

/**
 * iCalendar views of events (CONTRACT §7), read through the list and the single read themselves:
 * the same filters, permissions, order and errors, only another format.
 */
@Injectable()
export class EventsIcsService {
  private readonly host: string;
  private readonly feeds = new Gate(ICS_CONCURRENT_FEEDS);

  constructor(
    private readonly reads: EventsQueryService,
    private readonly urls: Urls,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {
    this.host = new URL(config.siteUrl).hostname;
  }

  /**
   * GET /events/ics. With `page` or `per_page`: that page of the list, as the list pages. Without:
   * every page of the result in list order (a calendar client cannot follow links), up to
   * ICS_MAX_EVENTS, read MAX_PER_PAGE at a time.
   */
  feed(query: ListEventsQuery, user: AuthUser | null): Promise<TextResult> {
    return this.feeds.run(async () => {
      const collected = await this.collect(query, user);
      const { events, recurrence } = await this.reads.withSeries(collected.events, user);
      const calendar = await eventsCalendarInSlices(events, { host: this.host, recurrence });
      return new TextResult(ICS_CONTENT_TYPE, calendar, { 'X-TEC-Total': String(collected.total), ...collected.pageHeaders });
    });
  }

  /** GET /events/{id}/ics: the single read's checks (404, trash, 403, password), then its event. */
  async single(id: number, user: AuthUser | null, password: string | undefined): Promise<TextResult> {
    const event = await this.reads.read({ id }, user, password);
    const { events, recurrence } = await this.reads.withSeries([event], user);
    return new TextResult(ICS_CONTENT_TYPE, eventsCalendar(events, { host: this.host, recurrence }));
  }

  private async collect(
    query: ListEventsQuery,
    user: AuthUser | null,
  ): Promise<{ events: EventView[]; total: number; pageHeaders?: Record<string, string> }> {
    if (query.page !== undefined || query.perPage !== undefined) {
      const page = await this.reads.list(query, user);
      return { events: page.body.events as EventView[], total: page.total, pageHeaders: this.pageHeaders(page) };
    }
    const events: EventView[] = [];
    for (let number = 1; ; number++) {
      const page = await this.reads.list(
        Object.assign(new ListEventsQuery(), query, { page: number, perPage: this.config.maxPerPage }),
        user,
      );
      events.push(...(page.body.events as EventView[]));
      if (number >= page.totalPages || events.length >= ICS_MAX_EVENTS)
        return { events: events.slice(0, ICS_MAX_EVENTS), total: page.total };
    }
  }

  /**
   * A page of the feed has the list's `X-TEC-TotalPages` and a `Link` to its neighbours, as feed
   * pages: the list's own links (every filter, the same order) with `/events/` made `/events/ics`.
   */
  private pageHeaders(page: ListPage): Record<string, string> {
    const list = `${this.urls.rest('events')}/`;
    const feed = this.urls.rest('events', 'ics');
    const asFeed = (url: string | undefined) => (url?.startsWith(list) ? feed + url.slice(list.length) : url);
    const link = linkHeader({ nextRestUrl: asFeed(page.links.nextRestUrl), previousRestUrl: asFeed(page.links.previousRestUrl) });
    return { 'X-TEC-TotalPages': String(page.totalPages), ...(link ? { Link: link } : {}) };
  }
}
