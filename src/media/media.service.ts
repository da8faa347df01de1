import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { EntityManager, In, Repository } from 'typeorm';
import { ApiError } from '../common/errors/api-error';
import { msg } from '../common/i18n/message';
import { parseInteger } from '../common/parsing/integer';
import { ParseResult, fail, ok } from '../common/parsing/parse-result';
import { MAX_URL_LENGTH, normaliseHttpUrl } from '../common/parsing/url';
import { AuthUser } from '../auth/auth-user';
import { isUsableMedia } from './media-access';
import { MediaEntity, mediaUrlHash } from './media.entity';

/** An `image` parameter after parsing: an existing media id, or an image URL to record. */
export type ImageInput =
  { readonly kind: 'id'; readonly id: number } | { readonly kind: 'url'; readonly url: string; readonly extension: string };

// WordPress's image types; without fetching, the file extension is all there is to judge by.
const IMAGE_EXTENSIONS = new Set(['jpg', 'jpeg', 'jpe', 'png', 'gif', 'webp', 'avif', 'bmp', 'tif', 'tiff', 'ico', 'heic']);
const INVALID_IMAGE = msg('Must be a media id or the http(s) URL of an image (%s).', [...IMAGE_EXTENSIONS].join(', '));

/**
 * Parses `image` (CONTRACT §3): a positive media id (number or digit string), an http(s) URL
 * whose path ends in an image extension, or `0` for none (`null` then). What a read shows is
 * taken back as it means, since clients send back whole objects (CONTRACT §2.2): `false` is no
 * image, an image object is its `id`.
 */
export function parseImageInput(raw: unknown): ParseResult<ImageInput | null> {
  if (raw === false) return ok(null);
  if (isShownImage(raw)) raw = raw.id;
  if (typeof raw === 'number' || (typeof raw === 'string' && /^\s*\d+\s*$/.test(raw))) {
    const id = parseInteger(raw, { min: 0 });
    if (!id.ok) return fail(INVALID_IMAGE);
    return ok(id.value === 0 ? null : { kind: 'id', id: id.value });
  }
  if (typeof raw !== 'string') return fail(INVALID_IMAGE);
  const text = raw.trim();
  if ([...text].length > MAX_URL_LENGTH) return fail(msg('Must be at most %s characters long.', MAX_URL_LENGTH));
  // Stored as the WHATWG serialiser writes it (issue #12): `"`, `<`, `>` and spaces percent-encoded.
  const url = normaliseHttpUrl(text);
  const extension = url && /\.([a-z0-9]+)$/i.exec(url.pathname)?.[1]?.toLowerCase();
  if (!url || !extension || !IMAGE_EXTENSIONS.has(extension)) return fail(INVALID_IMAGE);
  if ([...url.href].length > MAX_URL_LENGTH) return fail(msg('Must be at most %s characters long.', MAX_URL_LENGTH));
  return ok({ kind: 'url', url: url.href, extension });
}

/**
 * An image object as reads show it (`{url, id, extension, ...}`), or as a form sends one
 * (`image[id]=5`, a string id and nothing else): its id is what it means.
 */
function isShownImage(raw: unknown): raw is { id: number | string } {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw) || !('id' in raw)) return false;
  const { id } = raw;
  return typeof id === 'number' || (typeof id === 'string' && /^\s*\d+\s*$/.test(id));
}

/** Images of events, venues and organizers: media records, never fetched by the server. */
@Injectable()
export class MediaService {
  constructor(@InjectRepository(MediaEntity) private readonly media: Repository<MediaEntity>) {}

  /**
   * The media id for a parsed `image`: an existing id is checked (400 rest_invalid_param on
   * `param` when unknown), a URL becomes a new media row. Pass the transaction's manager.
   */
  async resolveImage(
    input: ImageInput,
    authorId: number | null,
    caller: AuthUser,
    manager: EntityManager = this.media.manager,
    param = 'image',
  ): Promise<number> {
    if (input.kind === 'id') {
      // One the caller may not see is unknown to them (media-access.ts).
      if (!(await isUsableMedia(manager, input.id, caller))) {
        throw ApiError.invalidParam(param, msg('No media has the id %s.', input.id));
      }
      return input.id;
    }
    // The same URL again is the same image (the row's first writer stays its author). Best effort:
    // two writes racing with a new URL may make a row each.
    const urlHash = mediaUrlHash(input.url);
    const known = await manager.findOne(MediaEntity, { select: { id: true }, where: { urlHash, url: input.url }, order: { id: 'ASC' } });
    if (known) return known.id;
    const saved = await manager.save(
      manager.create(MediaEntity, {
        url: input.url,
        urlHash,
        extension: input.extension,
        width: null,
        height: null,
        sizes: null,
        authorId,
      }),
    );
    return saved.id;
  }

  /** The media rows of a page of items, in one query. */
  async findByIds(
    ids: readonly (number | null | undefined)[],
    manager: EntityManager = this.media.manager,
  ): Promise<Map<number, MediaEntity>> {
    const wanted = [...new Set(ids.filter((id): id is number => typeof id === 'number'))];
    if (!wanted.length) return new Map();
    const rows = await manager.find(MediaEntity, { where: { id: In(wanted) } });
    return new Map(rows.map((row) => [row.id, row]));
  }
}
