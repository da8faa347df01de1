import { Arg } from '../../common/params/arg-spec';
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
  @Arg(nameArg('venue', 'The venue name'))
  name!: string;

  @Arg(authorArg('The venue author ID'))
  author?: number;

  @Arg(dateArg('The venue publication date'))
  date?: ParsedDate;

  @Arg(dateUtcArg('The venue publication date (UTC time zone)'))
  dateUtc?: ParsedDate;

  @Arg(htmlArg('description', 'The venue description'))
  description?: string | null;

  @Arg(statusArg('The venue post status'))
  status?: PostStatus;

  @Arg({
    name: 'show_map',
    in: 'body',
    type: 'string',
    default: null,
    description: 'Whether events linked to the venue should show a map or not',
    parse: parseShowMap,
  })
  showMap?: boolean;

  @Arg({
    name: 'show_map_link',
    in: 'body',
    type: 'string',
    default: null,
    description: 'Whether events linked to the venue should show a map link or not',
    parse: parseShowMap,
  })
  showMapLink?: boolean;

  @Arg(textArg('address', 'The venue address'))
  address?: string | null;

  @Arg(textArg('city', 'The venue city'))
  city?: string | null;

  @Arg(textArg('country', 'The venue country'))
  country?: string | null;

  @Arg(textArg('province', 'The venue province'))
  province?: string | null;

  @Arg(textArg('state', 'The venue state'))
  state?: string | null;

  @Arg(textArg('zip', 'The venue ZIP code'))
  zip?: string | null;

  @Arg(textArg('phone', 'The venue phone number'))
  phone?: string | null;

  @Arg(textArg('stateprovince', 'The venue state and province'))
  stateprovince?: string | null;

  @Arg(websiteArg('The venue website URL'))
  website?: string | null;

  // The reference's description reads "The organizer featured image ID or URL" (a copy-paste).
  @Arg(imageArg('The venue featured image ID or URL'))
  image?: ImageInput | null;

  @Arg({
    name: 'geo_lat',
    in: 'body',
    type: 'number',
    format: 'double',
    description: 'The venue latitude (-90 to 90); requires geo_lng',
    clearable: true,
    extension: true,
    parse: (raw) => parseNumber(raw, { min: -90, max: 90 }),
  })
  geoLat?: number | null;

  @Arg({
    name: 'geo_lng',
    in: 'body',
    type: 'number',
    format: 'double',
    description: 'The venue longitude (-180 to 180); requires geo_lat',
    clearable: true,
    extension: true,
    parse: (raw) => parseNumber(raw, { min: -180, max: 180 }),
  })
  geoLng?: number | null;

  @Arg(passwordBodyArg('The venue password'))
  password?: string | null;
}
