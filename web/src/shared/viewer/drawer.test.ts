import { describe, expect, it } from 'vitest';
import { chooseDrawer } from './drawer';

/** A canvas whose WebGL context reports `renderer` (or none when null). */
function canvasWith(renderer: string | null, unmasked = true): () => HTMLCanvasElement {
  const lost: string[] = [];
  const gl = {
    RENDERER: 0x1f01,
    getExtension: (name: string) => {
      if (name === 'WEBGL_debug_renderer_info') return unmasked ? { UNMASKED_RENDERER_WEBGL: 0x9246 } : null;
      if (name === 'WEBGL_lose_context') return { loseContext: () => lost.push('lost') };
      return null;
    },
    getParameter: (p: number) => (p === 0x9246 ? renderer : p === 0x1f01 ? `masked:${renderer}` : null),
  };
  return () => ({ getContext: (kind: string) => (renderer === null ? null : kind === 'webgl2' ? gl : null) }) as unknown as HTMLCanvasElement;
}

describe('chooseDrawer', () => {
  it('uses WebGL (canvas as fallback) on a hardware renderer', () => {
    expect(chooseDrawer(canvasWith('ANGLE (NVIDIA, NVIDIA GeForce RTX 3060 Direct3D11 vs_5_0 ps_5_0, D3D11)'))).toEqual(['webgl', 'canvas']);
    expect(chooseDrawer(canvasWith('Apple M2', false))).toEqual(['webgl', 'canvas']);
  });

  it('uses the canvas drawer when WebGL runs in software or is missing', () => {
    expect(chooseDrawer(canvasWith('ANGLE (Google, Vulkan 1.3.0 (SwiftShader Device (Subzero) (0x0000C0DE)), SwiftShader driver)'))).toEqual([
      'canvas',
    ]);
    expect(chooseDrawer(canvasWith('llvmpipe (LLVM 15.0.6, 256 bits)'))).toEqual(['canvas']);
    expect(chooseDrawer(canvasWith('Microsoft Basic Render Driver', false))).toEqual(['canvas']);
    expect(chooseDrawer(canvasWith(null))).toEqual(['canvas']);
    expect(
      chooseDrawer(() => {
        throw new Error('no canvas');
      }),
    ).toEqual(['canvas']);
  });
});
