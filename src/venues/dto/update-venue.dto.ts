import { PartialArgs } from '../../common/params/derive';
import { pathIdArg, pathSlugArg } from '../../linked-posts/linked-post-args';
import { CreateVenueDto } from './create-venue.dto';

/** POST|PUT|PATCH /venues/{id}: every create field optional, none defaulted (a partial update). */
export class UpdateVenueDto extends PartialArgs(CreateVenueDto) {
  @pathIdArg('the venue post ID')
  id!: number;
}

/** POST|PUT|PATCH /venues/by-slug/{slug}. */
export class UpdateVenueBySlugDto extends PartialArgs(CreateVenueDto) {
  @pathSlugArg('the venue post name')
  slug!: string;
}
