import { Module } from '@nestjs/common';
import { TermsModule } from '../terms/terms.module';
import { TagsController } from './tags.controller';
import { TagSubject } from './tag.subject';

@Module({
  imports: [TermsModule],
  controllers: [TagsController],
  providers: [TagSubject],
})
export class TagsModule {}
