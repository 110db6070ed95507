import { UAParser } from 'ua-parser-js';

export interface ParsedUserAgent {
  /** A phone's or tablet's model ('iPhone', 'SM-S918B'); for a computer, its system ('Mac OS 14', 'Windows 10'). */
  deviceName: string | null;
  /** Browser and major version, e.g. 'Chrome 130'. */
  browser: string | null;
}

const join = (...parts: (string | undefined)[]) => {
  const s = parts.filter(Boolean).join(' ').trim();
  return s ? s.slice(0, 100) : null;
};

/** Parses a User-Agent header for the login activity log. */
export function parseUserAgent(ua: string | undefined | null): ParsedUserAgent {
  if (!ua) return { deviceName: null, browser: null };
  const r = new UAParser(ua.slice(0, 512)).getResult();
  // major version ('Android 14', 'Mac OS 14'), but 'Mac OS 10.15' for the 10.x line
  const v = r.os.version?.split(/[._]/) ?? [];
  const osVersion = v[0] === '10' && v[1] && /mac/i.test(r.os.name ?? '') ? `10.${v[1]}` : v[0];
  // phones and tablets by model; computers (no device type) by system
  const model = r.device.type ? join(r.device.model) : null;
  const deviceName = model ?? join(r.os.name, osVersion);
  return { deviceName, browser: join(r.browser.name, r.browser.major) };
}
