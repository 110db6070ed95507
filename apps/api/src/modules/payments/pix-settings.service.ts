import { PIX_CITY_MAX, PIX_NAME_MAX, foldText, normalizePixKey } from '@fa-clube/contract';
import type { PixKeyType, PixSettings, PixSettingsBody } from '@fa-clube/contract';
import { requireWorkspaceRole } from '../../read-models/access';
import type { Actor } from '../../read-models/access';
import type { AppContext } from '../../lib/context';
import { AppError, validationError } from '../../lib/errors';
import { guardDestinationChange, tellOwnerDestinationChanged } from './money-destination';
import type { ChangeOrigin } from './money-destination';
import type { ConfirmedBy } from '../auth/auth.service';
import { findPixSettings, upsertPixSettings } from './pix-settings.repo';
import type { PixSettingsRow } from './pix-settings.repo';

export const pixNotConfigured = () =>
  new AppError(
    'PIX_NOT_CONFIGURED',
    'Os dados do Pix deste espaço de trabalho ainda não foram cadastrados.',
  );

function toPixSettings(row: PixSettingsRow): PixSettings {
  return {
    key: row.key,
    key_type: row.keyType as PixKeyType,
    name: row.name,
    city: row.city,
    updated_at: row.updatedAt.toISOString(),
  };
}

/** Owner and members read the workspace's Pix receiving data. */
export async function getPixSettings(
  ctx: AppContext,
  actor: Actor | null,
  workspaceId: string,
): Promise<PixSettings> {
  await requireWorkspaceRole(ctx.db, actor, workspaceId, 'member');
  const row = await findPixSettings(ctx.db, workspaceId);
  if (!row) throw pixNotConfigured();
  return toPixSettings(row);
}

/**
 * Only the owner writes it. The key is validated for its type and normalized;
 * name and city are folded to ASCII and must then fit the BR Code (25 and 15).
 */
export async function putPixSettings(
  ctx: AppContext,
  actor: Actor | null,
  workspaceId: string,
  body: PixSettingsBody,
  origin: ChangeOrigin,
): Promise<PixSettings> {
  const { actor: owner } = await requireWorkspaceRole(ctx.db, actor, workspaceId, 'owner');
  const key = normalizePixKey(body.key_type, body.key);
  if (!key.ok) throw validationError('key', key.message);

  const name = foldText(body.name);
  if (!name) throw validationError('name', 'Informe o nome do recebedor com letras e números.');
  if (name.length > PIX_NAME_MAX)
    throw validationError(
      'name',
      `O nome do recebedor deve ter no máximo ${PIX_NAME_MAX} caracteres (sem acentos).`,
    );
  const city = foldText(body.city);
  if (!city) throw validationError('city', 'Informe a cidade do recebedor com letras.');
  if (city.length > PIX_CITY_MAX)
    throw validationError(
      'city',
      `A cidade do recebedor deve ter no máximo ${PIX_CITY_MAX} caracteres (sem acentos).`,
    );
  const current = await findPixSettings(ctx.db, workspaceId);
  // the key is where fans' money goes; the receiver's name and city only label it
  const keyChanged = current?.key !== key.key;
  let confirmedBy: ConfirmedBy | null = null;
  if (keyChanged) confirmedBy = await guardDestinationChange(ctx, owner, body.confirmation);
  const row = await upsertPixSettings(ctx.db, {
    workspaceId,
    key: key.key,
    keyType: body.key_type,
    name,
    city,
    now: ctx.clock.now(),
  });
  if (confirmedBy)
    await tellOwnerDestinationChanged(
      ctx,
      workspaceId,
      { kind: 'pix-key', keyType: body.key_type, key: key.key, previous: current !== null },
      origin,
      confirmedBy,
    );
  return toPixSettings(row);
}
