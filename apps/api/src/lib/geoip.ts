import maxmind from 'maxmind';
import type { CityResponse, Reader } from 'maxmind';
import type { FastifyBaseLogger } from 'fastify';

export interface GeoLocation {
  country: string | null;
  state: string | null;
  city: string | null;
}

export interface GeoIp {
  lookup(ip: string): Promise<GeoLocation>;
}

const NOWHERE: GeoLocation = { country: null, state: null, city: null };

type Names = { [lang: string]: string | undefined } | undefined;
/** Names in Portuguese when the database has them (GeoLite2 does), else English. */
const name = (names: Names) => names?.['pt-BR'] ?? names?.en ?? null;

/**
 * IP → country/state/city from a MaxMind-format city database (GEOIP_DATABASE,
 * e.g. GeoLite2-City.mmdb). Without one, or when it cannot be read, every
 * lookup answers no location: the login still succeeds.
 */
export function createGeoIp(file: string | undefined, logger: FastifyBaseLogger): GeoIp {
  if (!file) return { lookup: async () => NOWHERE };
  let reader: Promise<Reader<CityResponse> | null> | undefined;
  const open = () =>
    (reader ??= maxmind.open<CityResponse>(file, { watchForUpdates: false }).catch((err) => {
      logger.warn(
        { err: err instanceof Error ? err.message : String(err), file },
        'GEOIP_DATABASE não pôde ser lido; acessos ficarão sem localização',
      );
      return null;
    }));
  return {
    async lookup(ip) {
      const address = ip.startsWith('::ffff:') ? ip.slice(7) : ip;
      const db = await open();
      if (!db || !maxmind.validate(address)) return NOWHERE;
      try {
        const hit = db.get(address);
        if (!hit) return NOWHERE;
        return {
          country: name(hit.country?.names as Names),
          state: name(hit.subdivisions?.[0]?.names as Names),
          city: name(hit.city?.names as Names),
        };
      } catch {
        return NOWHERE;
      }
    },
  };
}
