// Without zod: the content constants the web client's first load needs before content.ts's schemas
// (docs/decisions/036-web-first-load.md).

/** Shortest text a post may have when it has no attachment (spec section 9). */
export const POST_TEXT_MIN = 3;
export const POST_TEXT_MAX = 5000;
/** Content types the composer offers (spec section 9); the server also accepts image/webp. */
export const COMPOSER_CONTENT_TYPES = [
  'image/jpeg',
  'image/png',
  'video/mp4',
  // a phone's .mov and a WebM: made into MP4 by the server (issue 33)
  'video/quicktime',
  'video/webm',
] as const;

/** Shortest search for creators (GET /profiles/search?q=), without the leading @. */
export const CREATOR_SEARCH_MIN = 2;
/** Longest search for creators. */
export const CREATOR_SEARCH_MAX = 60;
/** At most this many creators per search. */
export const CREATOR_SEARCH_LIMIT = 20;
