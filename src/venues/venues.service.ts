import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { ApiError } from '../common/errors/api-error';
import { msg } from '../common/i18n/message';
import { Urls } from '../common/urls/urls';
import { APP_CONFIG, AppConfig } from '../config/app-config';
import { LinkedPostContext } from '../linked-posts/linked-post.presenter';
import { LinkedPostKind, LinkedPostsService } from '../linked-posts/linked-posts.service';
import { MediaService } from '../media/media.service';
import { EventLinks } from '../events/event-links';
import { CreateVenueDto } from './dto/create-venue.dto';
import { VenueView, presentVenue } from './venue.presenter';
import { VenueEntity } from './venue.entity';

export type VenueArgs = Partial<CreateVenueDto>;

const VENUE: LinkedPostKind<VenueEntity, VenueArgs> = {
  entity: VenueEntity,
  createDto: CreateVenueDto,
  singular: 'venue',
  plural: 'venues',
  // Country and website are not searched (tec-other-api §1.1).
  searchFields: ['name', 'description', 'excerpt', 'address', 'city', 'province', 'state', 'stateprovince', 'zip', 'phone'],
  errors: {
    notFound: 'venue-not-found',
    notAccessible: 'venue-not-accessible',
    archivePageNotFound: 'venue-archive-page-not-found',
    isInTrash: 'venue-is-in-trash',
  },
};

const TEXT_FIELDS = ['address', 'city', 'country', 'province', 'state', 'zip', 'stateprovince'] as const;

/** Venues: the shared linked-post behaviour plus address fields, map flags and coordinates. */
@Injectable()
export class VenuesService extends LinkedPostsService<VenueEntity, VenueArgs, VenueView> {
  constructor(
    @InjectDataSource() dataSource: DataSource,
    media: MediaService,
    urls: Urls,
    @Inject(APP_CONFIG) config: AppConfig,
    links: EventLinks,
  ) {
    super(VENUE, dataSource, media, urls, config, links);
  }

  /** geo_lat and geo_lng come together: both set, both cleared, or neither sent (CONTRACT §4). */
  protected checkFields(args: VenueArgs): void {
    const given = (value: number | null | undefined) => (value === undefined ? 'absent' : value === null ? 'cleared' : 'set');
    const lat = given(args.geoLat);
    const lng = given(args.geoLng);
    if (lat === lng) return;
    const missing = lat === 'set' ? 'geo_lng' : lng === 'set' ? 'geo_lat' : lat === 'absent' ? 'geo_lat' : 'geo_lng';
    throw ApiError.invalidParam(missing, msg('geo_lat and geo_lng must be given together (or both cleared).'));
  }

  protected applyFields(venue: VenueEntity, args: VenueArgs, creating: boolean): void {
    // What the stored place gave before this write: a stored stateprovince that differs was sent.
    const derivedBefore = creating ? undefined : deriveStateProvince(venue);
    for (const field of TEXT_FIELDS) {
      if (args[field] !== undefined) venue[field] = args[field] ?? '';
      else if (creating) venue[field] = '';
    }
    // As the original: unless sent, stateprovince follows the state (US) or the province; one
    // sent earlier is kept when the place changes (omitted fields keep their values).
    const placeChanged = args.state !== undefined || args.province !== undefined || args.country !== undefined;
    const follows = creating || (placeChanged && venue.stateprovince === derivedBefore);
    if (args.stateprovince === undefined && follows) venue.stateprovince = deriveStateProvince(venue);
    // On create the map flags are true unless a falsy value was sent (tec-other-api §1.1).
    if (args.showMap !== undefined || creating) venue.showMap = args.showMap ?? true;
    if (args.showMapLink !== undefined || creating) venue.showMapLink = args.showMapLink ?? true;
    if (args.geoLat !== undefined || creating) {
      venue.geoLat = args.geoLat ?? null;
      venue.geoLng = args.geoLng ?? null;
    }
  }

  protected presentOne(venue: VenueEntity, context: LinkedPostContext): VenueView {
    return presentVenue(venue, context);
  }
}

const UNITED_STATES = new Set(['us', 'usa', 'united states', 'united states of america']);

function deriveStateProvince(venue: Pick<VenueEntity, 'state' | 'province' | 'country'>): string {
  if (UNITED_STATES.has(venue.country.trim().toLowerCase())) return venue.state || venue.province;
  return venue.province || venue.state;
}
