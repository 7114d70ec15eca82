/**
 * Which OpenSeadragon drawer to use. OpenSeadragon prefers WebGL; where WebGL runs in software
 * (no GPU: virtual desktops, remote sessions, GPU-blocklisted machines — Chromium falls back to
 * SwiftShader, Firefox/Mesa to llvmpipe) every frame of a pan costs 150–250 ms (docs/performance.md,
 * "Labeling tool"), while the canvas 2D drawer keeps 50–60 fps. So software GL gets the canvas drawer.
 */
export type DrawerChoice = ('webgl' | 'canvas')[];

const SOFTWARE_RENDERERS = /swiftshader|llvmpipe|softpipe|software|basic render driver/i;

/** The renderer string of a WebGL context (unmasked where the browser allows it). */
function rendererOf(gl: WebGLRenderingContext): string {
  const info = gl.getExtension('WEBGL_debug_renderer_info');
  const unmasked = info ? gl.getParameter(info.UNMASKED_RENDERER_WEBGL) : null;
  return String(unmasked ?? gl.getParameter(gl.RENDERER) ?? '');
}

/** Decides from a throwaway canvas; `make` is injectable for tests. */
export function chooseDrawer(make: () => HTMLCanvasElement = () => document.createElement('canvas')): DrawerChoice {
  let gl: WebGLRenderingContext | null = null;
  try {
    const canvas = make();
    gl = (canvas.getContext('webgl2') ?? canvas.getContext('webgl')) as WebGLRenderingContext | null;
  } catch {
    gl = null;
  }
  if (!gl) return ['canvas'];
  const software = SOFTWARE_RENDERERS.test(rendererOf(gl));
  // Free the probe's context now: browsers cap live WebGL contexts per page.
  gl.getExtension('WEBGL_lose_context')?.loseContext();
  return software ? ['canvas'] : ['webgl', 'canvas'];
}

/** localStorage key that forces a drawer ('webgl' or 'canvas'): for support and the benchmarks. */
export const DRAWER_OVERRIDE_KEY = 'windward.osd.drawer';

let cached: DrawerChoice | null = null;

/** The drawer for this browser, probed once per page (unless forced by DRAWER_OVERRIDE_KEY). */
export function preferredDrawer(): DrawerChoice {
  const forced = localStorage.getItem(DRAWER_OVERRIDE_KEY);
  if (forced === 'webgl') return ['webgl', 'canvas'];
  if (forced === 'canvas') return ['canvas'];
  cached ??= chooseDrawer();
  return cached;
}
