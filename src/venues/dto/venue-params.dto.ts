import { passwordQueryArg, pathIdArg, pathSlugArg } from '../../linked-posts/linked-post-args';

/** DELETE /venues/{id}. */
export class VenueIdDto {
  @pathIdArg('the venue post ID')
  id!: number;
}

/** DELETE /venues/by-slug/{slug}. */
export class VenueSlugDto {
  @pathSlugArg('the venue post name')
  slug!: string;
}

/** GET /venues/{id}; `password` (extension) unblanks a password-protected venue. */
export class ReadVenueDto extends VenueIdDto {
  @passwordQueryArg('The venue password')
  password?: string;
}

/** GET /venues/by-slug/{slug}. */
export class ReadVenueBySlugDto extends VenueSlugDto {
  @passwordQueryArg('The venue password')
  password?: string;
}
