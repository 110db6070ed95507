import { v7 } from 'uuid';

/**
 * A time-ordered UUID (version 7: the millisecond, then 74 random bits) for rows written on every
 * sign-in (refresh tokens, their families, login activities). A random UUID puts each new key on
 * a random page of a large index: a page to find in (or read into) shared buffers and, after every
 * checkpoint, a full-page image in the WAL; time-ordered keys all land on the index's last page.
 * Not for anything that must not reveal when it was made.
 */
export const timeOrderedId = (): string => v7();
