import { Injectable } from '@nestjs/common';
import { Request } from 'express';
import { VenueView } from './venue.presenter';
import { SubjectAction, SubjectResolver } from '../auth/subject';
import { VenueEntity } from './venue.entity';
import { VenuesService } from './venues.service';
import { EntityManager } from 'typeorm';

/** The venue of `/venues/{id}` or `/venues/by-slug/{slug}`, checked before the body is validated. */
@Injectable()
export class VenueResolver implements SubjectResolver<VenueEntity> {
  constructor(private readonly venues: VenuesService) {}

  resolve(request: Request, action: SubjectAction): Promise<VenueEntity> {
    return this.venues.resolve(request.params, action, request.user);
  }

  /** As a GET with the venue's password gives it (see EventResolver.represent). */
  represent(venue: VenueEntity, request: Request, manager?: EntityManager): Promise<VenueView> {
    return this.venues.read(venue, request.user, venue.password || undefined, manager);
  }
}
