import type { FastifyBaseLogger } from 'fastify';
import { AppError } from '../../../lib/errors';
import { centsToDecimalString } from '../../../lib/pix';
import { BrCodeError, decodeBrCode, encodeBrCode, newTxid } from '../../../lib/pix';
import type { PixProvider } from './pix-provider';

export interface ApiPixOptions {
  /** Base URL of the PSP's API Pix, e.g. https://pix.example.com/api/v2 */
  apiUrl: string;
  clientId?: string;
  clientSecret?: string;
  logger: FastifyBaseLogger;
  /** Defaults to the global fetch (tests may pass their own). */
  fetch?: typeof fetch;
  timeoutMs?: number;
}

/** API Pix txids of immediate charges: 26 to 35 of [a-zA-Z0-9]. */
export const API_PIX_TXID_LENGTH = 32;

const providerError = () =>
  new AppError(
    'PIX_PROVIDER_ERROR',
    'Não foi possível gerar a cobrança Pix agora. Tente novamente em instantes.',
  );

/**
 * PIX_PROVIDER=apipix: a PSP that speaks Banco Central's API Pix.
 *  - OAuth2 client credentials (POST {apiUrl}/oauth/token, HTTP Basic) when PIX_CLIENT_ID is set;
 *  - PUT {apiUrl}/cob/{txid} creates an immediate charge; the BR Code is the answer's
 *    `pixCopiaECola`, or is built from its `location` (dynamic code: 26/25 + point of initiation 12);
 *  - the PSP calls POST /api/v1/webhooks/pix/apipix when the charge is paid.
 */
export function createApiPixProvider(opts: ApiPixOptions): PixProvider {
  const base = opts.apiUrl.replace(/\/+$/, '');
  const doFetch = opts.fetch ?? fetch;
  const timeoutMs = opts.timeoutMs ?? 10_000;
  let token: { value: string; expiresAt: number } | null = null;

  async function accessToken(): Promise<string | null> {
    if (!opts.clientId) return null;
    if (token && token.expiresAt > Date.now() + 5_000) return token.value;
    const basic = Buffer.from(`${opts.clientId}:${opts.clientSecret ?? ''}`).toString('base64');
    const res = await doFetch(`${base}/oauth/token`, {
      method: 'POST',
      headers: {
        authorization: `Basic ${basic}`,
        'content-type': 'application/x-www-form-urlencoded',
      },
      body: 'grant_type=client_credentials',
      signal: AbortSignal.timeout(timeoutMs),
    });
    if (!res.ok) {
      opts.logger.error({ status: res.status }, 'API Pix: token recusado');
      throw providerError();
    }
    const body = (await res.json()) as { access_token?: string; expires_in?: number };
    if (!body.access_token) throw providerError();
    token = {
      value: body.access_token,
      expiresAt: Date.now() + Math.max(30, body.expires_in ?? 300) * 1000,
    };
    return token.value;
  }

  return {
    name: 'apipix',
    acceptsWebhooks: true,
    newTxid: () => newTxid(API_PIX_TXID_LENGTH),
    async createCharge(req) {
      const body = JSON.stringify({
        calendario: { expiracao: req.expiresInSeconds },
        valor: { original: centsToDecimalString(req.amountCents) },
        chave: req.receiver.key,
        solicitacaoPagador: req.description.slice(0, 140),
      });
      const put = async () => {
        const bearer = await accessToken();
        return doFetch(`${base}/cob/${encodeURIComponent(req.txid)}`, {
          method: 'PUT',
          headers: {
            'content-type': 'application/json',
            ...(bearer ? { authorization: `Bearer ${bearer}` } : {}),
          },
          body,
          signal: AbortSignal.timeout(timeoutMs),
        });
      };
      let res: Response;
      try {
        res = await put();
        if (res.status === 401 && opts.clientId) {
          // The cached token was revoked or expired early: get a new one once.
          token = null;
          res = await put();
        }
      } catch (err) {
        if (err instanceof AppError) throw err;
        opts.logger.error({ err }, 'API Pix: falha de rede ao criar cobrança');
        throw providerError();
      }
      if (!res.ok) {
        opts.logger.error({ status: res.status, txid: req.txid }, 'API Pix: cobrança recusada');
        throw providerError();
      }
      const cob = (await res.json()) as {
        txid?: string;
        location?: string;
        pixCopiaECola?: string;
      };
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
        opts.logger.error({ err, txid: req.txid }, 'API Pix: resposta de cobrança inválida');
        throw providerError();
      }
    },
  };
}
