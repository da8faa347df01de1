import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { EventLinksModule } from '../events/event-links.module';
import { MediaModule } from '../media/media.module';
import { OrganizerEntity } from './organizer.entity';
import { OrganizerResolver } from './organizer.resolver';
import { OrganizersController } from './organizers.controller';
import { OrganizersService } from './organizers.service';

@Module({
  imports: [TypeOrmModule.forFeature([OrganizerEntity]), MediaModule, EventLinksModule],
  controllers: [OrganizersController],
  providers: [OrganizersService, OrganizerResolver],
  exports: [OrganizersService],
})
export class OrganizersModule {}
