/**
 * Public creator profiles and recommendations. A profile is public: it says
 * who the creator is and how many posts they have (`total_content`), never
 * what the posts hold (that is the content module's, behind the paywall).
 */
import { CREATOR_SEARCH_LIMIT, RECOMMENDED_LIMIT } from '@fa-clube/contract';
import type { CreatorSearchResponse, Profile, RecommendedResponse } from '@fa-clube/contract';
import { AppError } from '../../lib/errors';
import { requireActor, requireWorkspaceRole } from '../../read-models/access';
import type { Actor } from '../../read-models/access';
import type { AppContext } from '../../lib/context';
import { publicImageUrl } from '../../lib/storage';
import { findProfile, listRecommended, searchCreators } from './profiles.queries';
import type { RecommendedRow } from './profiles.queries';

const toListedProfile = (r: RecommendedRow) => ({
  username: r.username,
  label: r.label,
  avatar_url: publicImageUrl(r.avatarPath),
  cover_url: publicImageUrl(r.coverPath),
  description: r.description,
  total_content: r.totalContent,
});

/** GET /profile?username=: anyone; the flags describe the caller. */
export async function getProfile(
  ctx: AppContext,
  actor: Actor | null,
  username: string,
): Promise<Profile> {
  const row = await findProfile(ctx.db, {
    username,
    viewerId: actor?.userId ?? null,
    now: ctx.clock.now(),
  });
  if (!row) throw new AppError('PROFILE_NOT_FOUND');
  return {
    id: row.id,
    avatar_url: publicImageUrl(row.avatarPath),
    cover_url: publicImageUrl(row.coverPath),
    label: row.label,
    description: row.description,
    username: row.username,
    total_content: row.totalContent,
    full_name: row.ownerFullName,
    is_owner: row.viewerRole === 'owner',
    is_member: row.viewerRole !== null,
    is_subscribed: row.viewerSubscribed,
  };
}

/** GET /profiles/{ws}/recommended: creators with posts the caller does not follow yet. */
export async function getRecommended(
  ctx: AppContext,
  actor: Actor | null,
  workspaceId: string,
): Promise<RecommendedResponse> {
  const { actor: me } = await requireWorkspaceRole(ctx.db, actor, workspaceId, 'member');
  const rows = await listRecommended(ctx.db, {
    viewerId: me.userId,
    now: ctx.clock.now(),
    limit: RECOMMENDED_LIMIT,
  });
  return { profiles: rows.map(toListedProfile) };
}

/**
 * GET /profiles/search?q=: any signed-in person; creators only (decision 093), what their public
 * profile already shows (decision 094).
 */
export async function findCreators(
  ctx: AppContext,
  actor: Actor | null,
  q: string,
): Promise<CreatorSearchResponse> {
  requireActor(actor);
  const rows = await searchCreators(ctx.db, { q, limit: CREATOR_SEARCH_LIMIT });
  return { profiles: rows.map(toListedProfile) };
}
