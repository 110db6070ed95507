/**
 * The art of a visitor's locked placeholders: soft blurred gradients that suggest a photo
 * without showing one. Made from the creator's username and the tile's number only (nothing
 * of the real posts is requested), the same on every visit.
 */

/** FNV-1a: a small, stable hash of a string. */
function hashString(value: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < value.length; i++) {
    hash ^= value.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

/** mulberry32: a deterministic sequence of numbers in [0, 1) from a seed. */
function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export interface PlaceholderArt {
  /** CSS background of the blurred layer. */
  background: string;
  /** CSS background of the tile under it. */
  base: string;
}

/**
 * Hues that blur into flattering, photo-like colours, in order around the wheel (teal, indigo,
 * violet, purple, magenta, rose, coral, amber). A tile mixes one with a neighbour, never with
 * its opposite (that would turn grey).
 */
const HUES = [188, 250, 265, 285, 310, 335, 12, 32] as const;

/** The look of placeholder `index` of `username`'s profile. */
export function placeholderArt(username: string, index: number): PlaceholderArt {
  const next = random(hashString(username) ^ Math.imul(index + 1, 0x9e3779b1));
  const at = Math.floor(next() * HUES.length);
  const near = Math.min(HUES.length - 1, Math.max(0, at + (next() < 0.5 ? -1 : 1)));
  const main = HUES[at] ?? HUES[0];
  const accent = HUES[near] ?? HUES[0];
  const blob = (hue: number, lightness: number, alpha: number) => {
    const h = (hue + Math.floor(next() * 30) - 15 + 360) % 360;
    const x = Math.round(10 + next() * 80);
    const y = Math.round(10 + next() * 80);
    const size = 38 + Math.round(next() * 34);
    return `radial-gradient(circle at ${x}% ${y}%, hsl(${h} 90% ${lightness}% / ${alpha}) 0%, transparent ${size}%)`;
  };
  const background = [
    blob(accent, 78, 0.9),
    blob(main, 68, 0.95),
    blob(main, 58, 0.85),
    blob(accent, 50, 0.7),
  ].join(', ');
  const angle = Math.round(next() * 360);
  const base = `linear-gradient(${angle}deg, hsl(${main} 60% 38%), hsl(${accent} 70% 58%))`;
  return { background, base };
}
