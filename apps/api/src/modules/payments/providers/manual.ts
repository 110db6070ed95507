import { foldText } from '@fa-clube/contract';
import { MAX_STATIC_TXID, encodeBrCode, newTxid } from '../../../lib/pix';
import { fitDescription } from './pix-provider';
import type { PixProvider } from './pix-provider';

/**
 * A workspace without a connected PSP: a static BR Code made from its own Pix
 * data, with the amount and a txid unique to the charge. The payer pays from any
 * bank app; the owner sees the money arrive and confirms the charge
 * (POST /charges/{ws}/{id}/confirm).
 */
export function createManualProvider(): PixProvider {
  return {
    name: 'manual',
    newTxid: () => newTxid(MAX_STATIC_TXID),
    async createCharge(req) {
      const paymentSpecs = encodeBrCode({
        key: req.receiver.key,
        description: fitDescription(req.receiver.key, foldText(req.description)),
        amountCents: req.amountCents,
        merchantName: req.receiver.name,
        merchantCity: req.receiver.city,
        txid: req.txid,
      });
      return { txid: req.txid, paymentSpecs, location: null };
    },
  };
}
