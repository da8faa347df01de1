import { safeUrl } from '../common/html/safe-output';
import { MediaEntity } from './media.entity';

/** The reference's image object (tec-events-api §3.3); empty members are left out. */
export interface ImageObject {
  url: string;
  id: number;
  extension: string;
  width?: number;
  height?: number;
  sizes?: Record<string, unknown>;
}

/** The image object of a media row, as events, venues and organizers show it. */
export function presentImage(media: MediaEntity): ImageObject {
  const image: ImageObject = { url: safeUrl(media.url), id: media.id, extension: media.extension };
  if (media.width) image.width = media.width;
  if (media.height) image.height = media.height;
  const sizes = parseSizes(media.sizes);
  if (sizes) image.sizes = sizes;
  return image;
}

function parseSizes(text: string | null): Record<string, unknown> | undefined {
  if (!text) return undefined;
  try {
    const value: unknown = JSON.parse(text);
    return value && typeof value === 'object' && !Array.isArray(value) && Object.keys(value).length
      ? (value as Record<string, unknown>)
      : undefined;
  } catch {
    return undefined;
  }
}
