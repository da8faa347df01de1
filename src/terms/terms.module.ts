import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { EventLinksModule } from '../events/event-links.module';
import { TermEntity } from './term.entity';
import { TermsService } from './terms.service';

/** The shared term store and logic behind /categories and /tags (and the events' terms). */
@Module({
  imports: [TypeOrmModule.forFeature([TermEntity]), EventLinksModule],
  providers: [TermsService],
  exports: [TermsService, TypeOrmModule],
})
export class TermsModule {}
