import {
  Json,
  LinkedPostView,
  blankProtected,
  globalIds,
  jsonLdHead,
  omitEmpty,
  presentPostHead,
  textOf,
} from '../linked-posts/linked-post.presenter';
import { safeText, safeUrl, scriptSafeJsonLd } from '../common/html/safe-output';
import { OrganizerEntity } from './organizer.entity';

/** The organizer object (tec-other-api §2.2), in the reference's key order, every empty value left out. */
export function presentOrganizer(organizer: OrganizerEntity, view: LinkedPostView): Json {
  const fields: Json = {
    ...presentPostHead(organizer, 'organizer', view),
    // Stored safe on write; safeText and safeUrl cover older rows (issue #12).
    phone: safeText(organizer.phone),
    website: safeUrl(organizer.website),
    email: safeText(organizer.email),
  };
  const body = omitEmpty({
    ...fields,
    ...(view.single ? { json_ld: organizerJsonLd(fields) } : {}),
    ...globalIds(organizer, view),
  });
  return view.blanked ? blankProtected(body) : body;
}

/**
 * schema.org Person (TEC's JSON_LD Organizer) of a presented organizer object: `url` and
 * `sameAs` are the website when there is one. The organizer's own json_ld, and an event's
 * `organizer`; safe inside a script element (scriptSafeJsonLd).
 */
export function organizerJsonLd(organizer: Json): Json {
  const phone = textOf(organizer, 'phone');
  const email = textOf(organizer, 'email');
  const website = textOf(organizer, 'website');
  return scriptSafeJsonLd({
    ...jsonLdHead(organizer, 'organizer', 'Person', website || textOf(organizer, 'url')),
    ...(phone ? { telephone: phone } : {}),
    ...(email ? { email } : {}),
    ...(website ? { sameAs: website } : {}),
  });
}
