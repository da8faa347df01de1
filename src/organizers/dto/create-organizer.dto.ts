import { IsEmail } from 'class-validator';
import { ParsedDate } from '../../common/parsing/date-input';
import { PostStatus } from '../../posts/status';
import {
  LinkedPostWriteArgs,
  authorArg,
  dateArg,
  dateUtcArg,
  emailArg,
  htmlArg,
  imageArg,
  nameArg,
  passwordBodyArg,
  statusArg,
  textArg,
  websiteArg,
} from '../../linked-posts/linked-post-args';
import { ImageInput } from '../../media/media.service';

/** POST /organizers (specification §2.3, in its order, every default null as written there; then our extension). */
export class CreateOrganizerDto implements LinkedPostWriteArgs {
  @nameArg('organizer', 'The organizer name', null)
  name!: string;

  @authorArg('The organizer author ID', null)
  author?: number;

  @dateArg('The organizer publication date', null)
  date?: ParsedDate;

  @dateUtcArg('The organizer publication date (UTC time zone)', null)
  dateUtc?: ParsedDate;

  @htmlArg('description', 'The organizer description')
  description?: string | null;

  @statusArg('The organizer post status', null)
  status?: PostStatus;

  @textArg('phone', 'The organizer phone number')
  phone?: string | null;

  @websiteArg('The organizer website')
  website?: string | null;

  @emailArg('email', 'The organizer e-mail address')
  @IsEmail({}, { message: 'Must be a valid e-mail address.' })
  email?: string | null;

  @imageArg('The organizer featured image ID or URL')
  image?: ImageInput | null;

  @passwordBodyArg('The organizer password')
  password?: string | null;
}
