import {
  Json,
  LinkedPostView,
  blankProtected,
  globalIds,
  jsonLdHead,
  omitEmpty,
  presentPostHead,
} from '../linked-posts/linked-post.presenter';
import { OrganizerEntity } from './organizer.entity';

/** The organizer object (tec-other-api §2.2), in the reference's key order, every empty value left out. */
export function presentOrganizer(organizer: OrganizerEntity, view: LinkedPostView): Json {
  const body = omitEmpty({
    ...presentPostHead(organizer, 'organizer', view),
    phone: organizer.phone,
    website: organizer.website,
    email: organizer.email,
    ...(view.single ? { json_ld: organizerJsonLd(organizer, view) } : {}),
    ...globalIds(organizer, view),
  });
  return view.blanked ? blankProtected(body) : body;
}

/** schema.org Person (TEC's JSON_LD Organizer): `url` and `sameAs` are the website when there is one. */
export function organizerJsonLd(organizer: OrganizerEntity, view: LinkedPostView): Json {
  return {
    ...jsonLdHead(organizer, 'Person', view, organizer.website || view.urls.site('organizer', organizer.slug)),
    ...(organizer.phone ? { telephone: organizer.phone } : {}),
    ...(organizer.email ? { email: organizer.email } : {}),
    ...(organizer.website ? { sameAs: organizer.website } : {}),
  };
}
