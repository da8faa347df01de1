import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { Urls } from '../common/urls/urls';
import { APP_CONFIG, AppConfig } from '../config/app-config';
import { LinkedPostContext } from '../linked-posts/linked-post.presenter';
import { LinkedPostKind, LinkedPostsService } from '../linked-posts/linked-posts.service';
import { MediaService } from '../media/media.service';
import { EventLinks } from '../events/event-links';
import { CreateOrganizerDto } from './dto/create-organizer.dto';
import { OrganizerView, presentOrganizer } from './organizer.presenter';
import { OrganizerEntity } from './organizer.entity';

export type OrganizerArgs = Partial<CreateOrganizerDto>;

const ORGANIZER: LinkedPostKind<OrganizerEntity, OrganizerArgs> = {
  entity: OrganizerEntity,
  createDto: CreateOrganizerDto,
  singular: 'organizer',
  plural: 'organizers',
  searchFields: ['name', 'description', 'excerpt', 'phone', 'email', 'website'],
  errors: {
    notFound: 'organizer-not-found',
    notAccessible: 'organizer-not-accessible',
    archivePageNotFound: 'organizer-archive-page-not-found',
    isInTrash: 'organizer-is-in-trash',
  },
};

/** Organizers: the shared linked-post behaviour plus an e-mail address. */
@Injectable()
export class OrganizersService extends LinkedPostsService<OrganizerEntity, OrganizerArgs, OrganizerView> {
  constructor(
    @InjectDataSource() dataSource: DataSource,
    media: MediaService,
    urls: Urls,
    @Inject(APP_CONFIG) config: AppConfig,
    links: EventLinks,
  ) {
    super(ORGANIZER, dataSource, media, urls, config, links);
  }

  protected checkFields(): void {
    // Every organizer field is checked on its own by the DTO.
  }

  protected applyFields(organizer: OrganizerEntity, args: OrganizerArgs, creating: boolean): void {
    if (args.email !== undefined || creating) organizer.email = args.email ?? '';
  }

  protected presentOne(organizer: OrganizerEntity, context: LinkedPostContext): OrganizerView {
    return presentOrganizer(organizer, context);
  }
}
