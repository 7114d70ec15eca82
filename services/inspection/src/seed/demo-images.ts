import sharp, { type OutputInfo, type OverlayOptions } from 'sharp';

export interface Mark {
  /** Centre in image pixels and radii. */
  x: number;
  y: number;
  rx: number;
  ry: number;
}

/**
 * A blade-like test photograph: a long tapered light-grey blade on a sky-blue background with
 * darker erosion marks (where the demo defects are drawn). Deterministic for a seed.
 *
 * The sky and blade are rasterised once per size and kept; each photo adds only small pieces (a
 * patch of speckles placed by the seed, the marks), so a photo costs a JPEG encode (~50 ms)
 * instead of a full SVG rasterisation (~230 ms): the demo seeds a run of photos per blade side.
 */
export async function bladePhoto(width: number, height: number, marks: Mark[], seed: number): Promise<Buffer> {
  const base = await bladeBase(width, height);
  const r = (n: number) => ((Math.sin(seed * 97 + n) + 1) / 2) % 1;
  const patch = { w: Math.round(width / 4), h: Math.round(height / 2) };
  const speckles = Array.from({ length: 24 }, (_, i) => {
    const q = (n: number) => ((Math.sin(seed * 31 + i * 13.7 + n) + 1) / 2) % 1;
    return `<circle cx="${(q(1) * patch.w).toFixed(0)}" cy="${(q(2) * patch.h).toFixed(0)}" r="${(1 + q(3) * 3).toFixed(1)}" fill="#ffffff" opacity="0.25"/>`;
  }).join('');
  const layers: OverlayOptions[] = [0, 1].map((k) => ({
    input: Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="${patch.w}" height="${patch.h}">${speckles}</svg>`),
    left: Math.round(r(k * 2 + 1) * (width - patch.w)),
    top: Math.round(r(k * 2 + 2) * (height - patch.h)),
  }));
  for (const m of marks) {
    const left = Math.max(0, Math.floor(m.x - m.rx - 2));
    const top = Math.max(0, Math.floor(m.y - m.ry - 2));
    const w = Math.min(width - left, Math.ceil(m.rx * 2 + 4));
    const h = Math.min(height - top, Math.ceil(m.ry * 2 + 4));
    const [cx, cy] = [m.x - left, m.y - top];
    layers.push({
      input: Buffer.from(
        `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}">` +
          `<ellipse cx="${cx}" cy="${cy}" rx="${m.rx}" ry="${m.ry}" fill="#5a5148" opacity="0.85"/>` +
          `<ellipse cx="${cx + m.rx * 0.3}" cy="${cy - m.ry * 0.2}" rx="${m.rx * 0.45}" ry="${m.ry * 0.5}" fill="#3b332c" opacity="0.9"/></svg>`,
      ),
      left,
      top,
    });
  }
  return sharp(base.data, { raw: base.info }).composite(layers).jpeg({ quality: 88 }).toBuffer();
}

const bases = new Map<string, Promise<{ data: Buffer; info: OutputInfo }>>();
/** The sky and the blade of a photo size, rasterised once. */
function bladeBase(width: number, height: number) {
  const key = `${width}x${height}`;
  let base = bases.get(key);
  if (!base) {
    const rootH = height * 0.42;
    const tipH = height * 0.06;
    const cy = height / 2;
    const blade = `M ${width * 0.03} ${cy - rootH / 2} C ${width * 0.25} ${cy - rootH / 2 - height * 0.05}, ${width * 0.6} ${cy - tipH}, ${width * 0.97} ${cy - tipH / 2}
    L ${width * 0.97} ${cy + tipH / 2} C ${width * 0.6} ${cy + tipH}, ${width * 0.25} ${cy + rootH / 2}, ${width * 0.03} ${cy + rootH / 2} Z`;
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
    <defs><linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#6fa8dc"/><stop offset="1" stop-color="#cfe2f3"/></linearGradient>
    <linearGradient id="blade" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#f2f2f2"/><stop offset="0.5" stop-color="#d9d9d9"/><stop offset="1" stop-color="#b7b7b7"/></linearGradient></defs>
    <rect width="100%" height="100%" fill="url(#sky)"/>
    <path d="${blade}" fill="url(#blade)" stroke="#999999" stroke-width="3"/></svg>`;
    base = sharp(Buffer.from(svg)).removeAlpha().raw().toBuffer({ resolveWithObject: true });
    bases.set(key, base);
  }
  return base;
}

/** An octagon around a mark: the defect polygon drawn on it. */
export function outline(m: Mark): [number, number][] {
  return Array.from({ length: 8 }, (_, i) => {
    const a = (Math.PI * 2 * i) / 8;
    return [Math.round(m.x + Math.cos(a) * m.rx * 1.2), Math.round(m.y + Math.sin(a) * m.ry * 1.2)] as [number, number];
  });
}

/**
 * A steel-tower or nacelle-cover test photograph: a light painted surface with seams (horizontal
 * welds on a tower, panel joints on a nacelle), dirt streaks and the defect marks (rust brown).
 */
export async function surfacePhoto(width: number, height: number, marks: Mark[], seed: number, kind: 'tower' | 'nacelle'): Promise<Buffer> {
  const r = (i: number, n: number) => ((Math.sin(seed * 53 + i * 7.3 + n) + 1) / 2) % 1;
  const seams =
    kind === 'tower'
      ? [0.3, 0.7].map((f) => `<rect x="0" y="${height * f}" width="${width}" height="6" fill="#9e9e9e"/>`).join('')
      : [0.33, 0.66].map((f) => `<rect x="${width * f}" y="0" width="5" height="${height}" fill="#8c8c8c"/>`).join('');
  const streaks = Array.from(
    { length: 25 },
    (_, i) =>
      `<rect x="${(r(i, 1) * width).toFixed(0)}" y="${(r(i, 2) * height).toFixed(0)}" width="3" height="${(20 + r(i, 3) * 80).toFixed(0)}" fill="#7f7f7f" opacity="0.2"/>`,
  ).join('');
  const rust = marks
    .map(
      (m) =>
        `<ellipse cx="${m.x}" cy="${m.y}" rx="${m.rx}" ry="${m.ry}" fill="#8b4513" opacity="0.8"/>` +
        `<ellipse cx="${m.x - m.rx * 0.2}" cy="${m.y + m.ry * 0.1}" rx="${m.rx * 0.5}" ry="${m.ry * 0.5}" fill="#5c2e0e" opacity="0.9"/>`,
    )
    .join('');
  const base = kind === 'tower' ? ['#fafafa', '#d9d9d9'] : ['#f0f0f0', '#bfbfbf'];
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
    <defs><linearGradient id="s" x1="0" y1="0" x2="1" y2="0"><stop offset="0" stop-color="${base[1]}"/><stop offset="0.5" stop-color="${base[0]}"/><stop offset="1" stop-color="${base[1]}"/></linearGradient></defs>
    <rect width="100%" height="100%" fill="url(#s)"/>${seams}${streaks}${rust}</svg>`;
  return sharp(Buffer.from(svg)).jpeg({ quality: 88 }).toBuffer();
}
