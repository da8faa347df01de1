import { ValidateNumber, ValidateText } from '../../common/params/validate';
import { parseNumber } from '../../common/parsing/integer';
import { ParseResult, fail, ok } from '../../common/parsing/parse-result';
import { ParsedDate } from '../../common/parsing/date-input';
import { PostStatus } from '../../posts/status';
import { msg } from '../../common/i18n/message';
import { isTruthyWord } from '../../common/parsing/boolean';
import {
  LinkedPostWriteArgs,
  authorArg,
  dateArg,
  dateUtcArg,
  htmlArg,
  imageArg,
  nameArg,
  passwordBodyArg,
  statusArg,
  textArg,
  websiteArg,
} from '../../linked-posts/linked-post-args';
import { ImageInput } from '../../media/media.service';

/** show_map, show_map_link: typed string in the reference; truthy words give true, anything else false. */
function parseShowMap(raw: unknown): ParseResult<boolean> {
  if (typeof raw === 'string' || typeof raw === 'number' || typeof raw === 'boolean') return ok(isTruthyWord(raw));
  return fail(msg('Must be a string.'));
}

/** POST /venues (specification §2.2, in its order; then our extensions). */
export class CreateVenueDto implements LinkedPostWriteArgs {
  @nameArg('venue', 'The venue name')
  name!: string;

  @authorArg('The venue author ID')
  author?: number;

  @dateArg('The venue publication date')
  date?: ParsedDate;

  @dateUtcArg('The venue publication date (UTC time zone)')
  dateUtc?: ParsedDate;

  @htmlArg('description', 'The venue description')
  description?: string | null;

  @statusArg('The venue post status')
  status?: PostStatus;

  @ValidateText({
    name: 'show_map',
    in: 'body',
    default: null,
    description: 'Whether events linked to the venue should show a map or not',
    parse: parseShowMap,
  })
  showMap?: boolean;

  @ValidateText({
    name: 'show_map_link',
    in: 'body',
    default: null,
    description: 'Whether events linked to the venue should show a map link or not',
    parse: parseShowMap,
  })
  showMapLink?: boolean;

  @textArg('address', 'The venue address')
  address?: string | null;

  @textArg('city', 'The venue city')
  city?: string | null;

  @textArg('country', 'The venue country')
  country?: string | null;

  @textArg('province', 'The venue province')
  province?: string | null;

  @textArg('state', 'The venue state')
  state?: string | null;

  @textArg('zip', 'The venue ZIP code')
  zip?: string | null;

  @textArg('phone', 'The venue phone number')
  phone?: string | null;

  @textArg('stateprovince', 'The venue state and province')
  stateprovince?: string | null;

  @websiteArg('The venue website URL')
  website?: string | null;

  // The reference's description reads "The organizer featured image ID or URL" (a copy-paste).
  @imageArg('The venue featured image ID or URL')
  image?: ImageInput | null;

  @ValidateNumber({
    name: 'geo_lat',
    in: 'body',
    format: 'double',
    description: 'The venue latitude (-90 to 90); requires geo_lng',
    clearable: true,
    extension: true,
    parse: (raw) => parseNumber(raw, { min: -90, max: 90 }),
  })
  geoLat?: number | null;

  @ValidateNumber({
    name: 'geo_lng',
    in: 'body',
    format: 'double',
    description: 'The venue longitude (-180 to 180); requires geo_lat',
    clearable: true,
    extension: true,
    parse: (raw) => parseNumber(raw, { min: -180, max: 180 }),
  })
  geoLng?: number | null;

  @passwordBodyArg('The venue password')
  password?: string | null;
}
