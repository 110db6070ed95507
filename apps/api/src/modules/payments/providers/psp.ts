import type { FastifyBaseLogger } from 'fastify';
import { AppError } from '../../../lib/errors';
import { centsToDecimalString } from '../../../lib/pix';
import { BrCodeError, decodeBrCode, encodeBrCode, newTxid } from '../../../lib/pix';
import type { PspClient } from '../../../lib/pix/psp-client';
import type { ChargeRequest, CreatedCharge, PixProvider } from './pix-provider';

/** API Pix txids of immediate charges: 26 to 35 of [a-zA-Z0-9]. */
export const API_PIX_TXID_LENGTH = 32;

export const providerError = () =>
  new AppError(
    'PIX_PROVIDER_ERROR',
    'Não foi possível gerar a cobrança Pix agora. Tente novamente em instantes.',
  );

interface CobAnswer {
  txid?: string;
  location?: string;
  pixCopiaECola?: string;
}

/**
 * An immediate charge at a PSP speaking Banco Central's API Pix (`PUT
 * /cob/{txid}`). The BR Code is the answer's `pixCopiaECola` (decoded and its
 * amount checked), or the dynamic code built from its `location` (26/25, point
 * of initiation 12).
 */
export async function createCob(
  client: PspClient,
  req: ChargeRequest,
  logger: FastifyBaseLogger,
): Promise<CreatedCharge> {
  let cob: CobAnswer;
  try {
    const res = await client.call<CobAnswer>('PUT', `/cob/${encodeURIComponent(req.txid)}`, {
      body: {
        calendario: { expiracao: req.expiresInSeconds },
        valor: { original: centsToDecimalString(req.amountCents) },
        chave: req.receiver.key,
        solicitacaoPagador: req.description.slice(0, 140),
      },
    });
    cob = res.body ?? {};
  } catch (err) {
    logger.error({ err, txid: req.txid }, 'API Pix: cobrança recusada ou sem resposta');
    throw providerError();
  }
  const location = cob.location ? cob.location.replace(/^[a-z]+:\/\//i, '') : null;
  try {
    if (cob.pixCopiaECola) {
      const decoded = decodeBrCode(cob.pixCopiaECola);
      if (decoded.amountCents !== null && decoded.amountCents !== req.amountCents)
        throw new BrCodeError('AMOUNT_MISMATCH', 'pixCopiaECola has another amount');
      return { txid: req.txid, paymentSpecs: cob.pixCopiaECola, location };
    }
    if (!location) throw new BrCodeError('MISSING_LOCATION', 'no location nor pixCopiaECola');
    const paymentSpecs = encodeBrCode({
      url: location,
      amountCents: req.amountCents,
      merchantName: req.receiver.name,
      merchantCity: req.receiver.city,
    });
    return { txid: req.txid, paymentSpecs, location };
  } catch (err) {
    logger.error({ err, txid: req.txid }, 'API Pix: resposta de cobrança inválida');
    throw providerError();
  }
}

/**
 * A workspace's own connection (name 'psp'): its charges are immediate charges at
 * that PSP account, confirmed by its webhooks at /webhooks/pix/c/{connection_id}/...
 */
export function createApiPixProvider(
  client: () => Promise<PspClient> | PspClient,
  logger: FastifyBaseLogger,
): PixProvider {
  return {
    name: 'psp',
    newTxid: () => newTxid(API_PIX_TXID_LENGTH),
    async createCharge(req) {
      return createCob(await client(), req, logger);
    },
  };
}
