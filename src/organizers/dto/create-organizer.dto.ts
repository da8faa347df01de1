import { IsEmail } from 'class-validator';
import { Arg } from '../../common/params/arg-spec';
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
  @Arg(nameArg('organizer', 'The organizer name', null))
  name!: string;

  @Arg(authorArg('The organizer author ID', null))
  author?: number;

  @Arg(dateArg('The organizer publication date', null))
  date?: ParsedDate;

  @Arg(dateUtcArg('The organizer publication date (UTC time zone)', null))
  dateUtc?: ParsedDate;

  @Arg(htmlArg('description', 'The organizer description'))
  description?: string | null;

  @Arg(statusArg('The organizer post status', null))
  status?: PostStatus;

  @Arg(textArg('phone', 'The organizer phone number'))
  phone?: string | null;

  @Arg(websiteArg('The organizer website'))
  website?: string | null;

  @Arg(emailArg('email', 'The organizer e-mail address'))
  @IsEmail({}, { message: 'Must be a valid e-mail address.' })
  email?: string | null;

  @Arg(imageArg('The organizer featured image ID or URL'))
  image?: ImageInput | null;

  @Arg(passwordBodyArg('The organizer password'))
  password?: string | null;
}
