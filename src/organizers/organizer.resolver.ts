import { Injectable } from '@nestjs/common';
import { Request } from 'express';
import { OrganizerView } from './organizer.presenter';
import { SubjectAction, SubjectResolver } from '../auth/subject';
import { OrganizerEntity } from './organizer.entity';
import { OrganizersService } from './organizers.service';
import { EntityManager } from 'typeorm';

/** The organizer of `/organizers/{id}` or `/organizers/by-slug/{slug}`, checked before the body is validated. */
@Injectable()
export class OrganizerResolver implements SubjectResolver<OrganizerEntity> {
  constructor(private readonly organizers: OrganizersService) {}

  resolve(request: Request, action: SubjectAction): Promise<OrganizerEntity> {
    return this.organizers.resolve(request.params, action, request.user);
  }

  /** As a GET with the organizer's password gives it (see EventResolver.represent). */
  represent(organizer: OrganizerEntity, request: Request, manager?: EntityManager): Promise<OrganizerView> {
    return this.organizers.read(organizer, request.user, organizer.password || undefined, manager);
  }
}
