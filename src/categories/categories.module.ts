import { Module } from '@nestjs/common';
import { TermsModule } from '../terms/terms.module';
import { CategoriesController } from './categories.controller';
import { CategorySubject } from './category.subject';

@Module({
  imports: [TermsModule],
  controllers: [CategoriesController],
  providers: [CategorySubject],
})
export class CategoriesModule {}
