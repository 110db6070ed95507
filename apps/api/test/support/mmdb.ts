import { writeFileSync } from 'node:fs';
import { isIPv4 } from 'node:net';
import path from 'node:path';

/**
 * A minimal writer of the MaxMind DB format (https://maxmind.github.io/MaxMind-DB/),
 * enough to build a small GeoIP2-City-shaped database for tests: an IPv6 search
 * tree (IPv4 networks live under ::/96, as in MaxMind's own files), 24-bit
 * records, and a data section of maps, strings and unsigned integers.
 */

type Value = string | number | boolean | Value[] | { [key: string]: Value };

export interface MmdbNetwork {
  /** IPv4 CIDR, e.g. '200.160.0.0/20' (non-overlapping). */
  cidr: string;
  data: { [key: string]: Value };
}

function sizedControl(type: number, size: number): Buffer {
  const extended = type > 7;
  const head = (extended ? 0 : type) << 5;
  let sizeBits: number;
  let sizeBytes: Buffer;
  if (size < 29) {
    sizeBits = size;
    sizeBytes = Buffer.alloc(0);
  } else if (size < 29 + 256) {
    sizeBits = 29;
    sizeBytes = Buffer.from([size - 29]);
  } else if (size < 285 + 65_536) {
    sizeBits = 30;
    sizeBytes = Buffer.alloc(2);
    sizeBytes.writeUInt16BE(size - 285);
  } else {
    sizeBits = 31;
    sizeBytes = Buffer.alloc(3);
    sizeBytes.writeUIntBE(size - 65_821, 0, 3);
  }
  const control = Buffer.from([head | sizeBits]);
  return Buffer.concat(
    extended ? [control, Buffer.from([type - 7]), sizeBytes] : [control, sizeBytes],
  );
}

function encode(value: Value): Buffer {
  if (typeof value === 'string') {
    const bytes = Buffer.from(value, 'utf8');
    return Buffer.concat([sizedControl(2, bytes.length), bytes]);
  }
  if (typeof value === 'boolean') return sizedControl(14, value ? 1 : 0);
  if (typeof value === 'number') {
    if (Number.isInteger(value) && value >= 0 && value <= 0xffffffff) {
      const bytes = Buffer.alloc(4);
      bytes.writeUInt32BE(value);
      let start = 0;
      while (start < 4 && bytes[start] === 0) start++;
      const trimmed = bytes.subarray(start);
      return Buffer.concat([sizedControl(6, trimmed.length), trimmed]);
    }
    const bytes = Buffer.alloc(8);
    bytes.writeDoubleBE(value);
    return Buffer.concat([sizedControl(3, 8), bytes]);
  }
  if (Array.isArray(value)) {
    return Buffer.concat([sizedControl(11, value.length), ...value.map(encode)]);
  }
  const entries = Object.entries(value);
  return Buffer.concat([
    sizedControl(7, entries.length),
    ...entries.flatMap(([k, v]) => [encode(k), encode(v)]),
  ]);
}

/** The 128 bits of an IPv4 network in the IPv6 tree (::a.b.c.d), and its prefix length there. */
function networkBits(cidr: string): { bits: number[]; prefix: number } {
  const [address, len] = cidr.split('/') as [string, string];
  if (!isIPv4(address)) throw new Error(`only IPv4 networks are supported: ${cidr}`);
  const v4 = address.split('.').map(Number);
  const bits: number[] = new Array(96).fill(0);
  for (const octet of v4) for (let i = 7; i >= 0; i--) bits.push((octet >> i) & 1);
  return { bits, prefix: 96 + Number(len) };
}

type RecordRef = { node: number } | { data: number } | null;

export function buildMmdb(
  networks: MmdbNetwork[],
  opts: { databaseType?: string; languages?: string[] } = {},
): Buffer {
  const dataParts: Buffer[] = [];
  let dataLength = 0;
  const nodes: [RecordRef, RecordRef][] = [[null, null]];
  for (const net of networks) {
    const encoded = encode(net.data);
    const offset = dataLength;
    dataParts.push(encoded);
    dataLength += encoded.length;
    const { bits, prefix } = networkBits(net.cidr);
    let node = 0;
    for (let depth = 0; depth < prefix - 1; depth++) {
      const bit = bits[depth]!;
      const next = nodes[node]![bit];
      if (next && 'data' in next) throw new Error(`overlapping network ${net.cidr}`);
      if (!next) {
        nodes.push([null, null]);
        nodes[node]![bit] = { node: nodes.length - 1 };
      }
      node = (nodes[node]![bit] as { node: number }).node;
    }
    const last = bits[prefix - 1]!;
    if (nodes[node]![last]) throw new Error(`overlapping network ${net.cidr}`);
    nodes[node]![last] = { data: offset };
  }

  const nodeCount = nodes.length;
  const tree = Buffer.alloc(nodeCount * 6);
  const recordValue = (r: RecordRef) =>
    r === null ? nodeCount : 'node' in r ? r.node : nodeCount + 16 + r.data;
  nodes.forEach(([left, right], i) => {
    tree.writeUIntBE(recordValue(left), i * 6, 3);
    tree.writeUIntBE(recordValue(right), i * 6 + 3, 3);
  });

  const metadata = encode({
    node_count: nodeCount,
    record_size: 24,
    ip_version: 6,
    database_type: opts.databaseType ?? 'GeoIP2-City',
    languages: opts.languages ?? ['en', 'pt-BR'],
    binary_format_major_version: 2,
    binary_format_minor_version: 0,
    build_epoch: Math.floor(Date.now() / 1000),
    description: { en: 'Fã Clube test database' },
  });
  return Buffer.concat([
    tree,
    Buffer.alloc(16),
    ...dataParts,
    Buffer.from('ABCDEF4D61784D696E642E636F6D', 'hex'),
    metadata,
  ]);
}

const names = (pt: string, en = pt) => ({ en, 'pt-BR': pt });

/** Networks of the test city database, shaped like GeoLite2-City records. */
export const TEST_GEOIP_NETWORKS: MmdbNetwork[] = [
  {
    cidr: '200.160.0.0/20',
    data: {
      city: { geoname_id: 3448439, names: names('São Paulo') },
      country: { geoname_id: 3469034, iso_code: 'BR', names: names('Brasil', 'Brazil') },
      subdivisions: [{ geoname_id: 3448433, iso_code: 'SP', names: names('São Paulo') }],
      location: { latitude: -23.5475, longitude: -46.6361, time_zone: 'America/Sao_Paulo' },
    },
  },
  {
    cidr: '177.10.64.0/18',
    data: {
      city: { geoname_id: 3451190, names: names('Rio de Janeiro') },
      country: { geoname_id: 3469034, iso_code: 'BR', names: names('Brasil', 'Brazil') },
      subdivisions: [{ geoname_id: 3451189, iso_code: 'RJ', names: names('Rio de Janeiro') }],
    },
  },
  {
    cidr: '81.2.69.0/24',
    data: {
      city: { geoname_id: 2643743, names: names('Londres', 'London') },
      country: {
        geoname_id: 2635167,
        iso_code: 'GB',
        names: names('Reino Unido', 'United Kingdom'),
      },
      subdivisions: [
        { geoname_id: 6269131, iso_code: 'ENG', names: names('Inglaterra', 'England') },
      ],
    },
  },
];

/** Writes the test city database into `dir` and returns its path (for GEOIP_DATABASE). */
export function writeTestGeoIpDatabase(dir: string): string {
  const file = path.join(dir, 'test-city.mmdb');
  writeFileSync(file, buildMmdb(TEST_GEOIP_NETWORKS));
  return file;
}
