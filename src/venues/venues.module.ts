import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { EventLinksModule } from '../events/event-links.module';
import { MediaModule } from '../media/media.module';
import { VenueEntity } from './venue.entity';
import { VenueResolver } from './venue.resolver';
import { VenuesController } from './venues.controller';
import { VenuesService } from './venues.service';

@Module({
  imports: [TypeOrmModule.forFeature([VenueEntity]), MediaModule, EventLinksModule],
  controllers: [VenuesController],
  providers: [VenuesService, VenueResolver],
  exports: [VenuesService],
})
export class VenuesModule {}
