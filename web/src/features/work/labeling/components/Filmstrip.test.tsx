import { beforeAll, describe, expect, it, vi } from 'vitest';
import i18n from 'i18next';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { createAppState } from '@/core/appSlice';
import { initI18n } from '@/core/i18n';
import { TestProviders } from '@/test/TestProviders';
import { TEST_CONFIG } from '@/test/renderApp';
import { createStore } from '@/test/store';
import { image } from '@/test/fixtures/inspection';
import { Filmstrip, STRIP_GROUP_GAP_PX, STRIP_ITEM_PX, STRIP_TITLE_PX, groupImages, stripRows } from './Filmstrip';

/** 300 images: blades 1–3 × two paths × 50, in the server's gallery order. */
const images = [1, 2, 3].flatMap((blade) =>
  [1, 2].flatMap((path) => Array.from({ length: 50 }, (_, i) => image(`b${blade}p${path}i${i}`, 'insp', blade, path, 0, i + 1))),
);

function renderStrip(currentId: string | null, onPick = vi.fn()) {
  const store = createStore({ app: createAppState(TEST_CONFIG, 'en_us') });
  const status = { images: images.map((i, n) => ({ imageId: i.imageId, done: n < 60, labeled: false, defectCount: n % 3 })) };
  render(
    <TestProviders store={store}>
      <Filmstrip images={images} status={status as never} currentId={currentId} showMissing={false} onPick={onPick} />
    </TestProviders>,
  );
  return { strip: screen.getByTestId('filmstrip'), onPick };
}

const shownIds = () => screen.getAllByTestId('strip-image').map((b) => b.getAttribute('data-image-id'));

describe('Filmstrip (windowed)', () => {
  beforeAll(async () => {
    initI18n('en_us');
    await i18n.changeLanguage('en_us');
  });

  it('places titles and images at fixed offsets, a gap after each group', () => {
    const { rows, height } = stripRows(groupImages(images.slice(0, 3).concat(images[50]!)));
    expect(rows.map((r) => [r.kind, r.top])).toEqual([
      ['title', 0],
      ['image', STRIP_TITLE_PX],
      ['image', STRIP_TITLE_PX + STRIP_ITEM_PX],
      ['image', STRIP_TITLE_PX + 2 * STRIP_ITEM_PX],
      ['title', STRIP_TITLE_PX + 3 * STRIP_ITEM_PX + STRIP_GROUP_GAP_PX],
      ['image', 2 * STRIP_TITLE_PX + 3 * STRIP_ITEM_PX + STRIP_GROUP_GAP_PX],
    ]);
    expect(height).toBe(2 * STRIP_TITLE_PX + 4 * STRIP_ITEM_PX + 2 * STRIP_GROUP_GAP_PX);
  });

  it('renders only the rows near view, keeps the whole height, and follows the scroll', () => {
    const { strip } = renderStrip(images[0]!.imageId);
    expect(strip.getAttribute('data-images')).toBe('300');
    const inner = strip.firstElementChild as HTMLElement;
    expect(inner.style.height).toBe(`${stripRows(groupImages(images)).height}px`);
    const first = shownIds();
    expect(first[0]).toBe(images[0]!.imageId);
    expect(first.length).toBeGreaterThan(5);
    expect(first.length).toBeLessThan(40);
    // Group titles are rendered with their counts (60 of the first 100 images are done).
    expect(within(screen.getAllByTestId('strip-group')[0]!).getByTestId('strip-group-count').textContent).toBe('50/50 labeled');

    // Scrolled to the fourth group (blade 2, path 2): its images are shown, the first ones no longer.
    const fourth = stripRows(groupImages(images)).rows.find((r) => r.kind === 'image' && r.image.imageId === 'b2p2i0')!;
    strip.scrollTop = fourth.top;
    fireEvent.scroll(strip);
    const after = shownIds();
    expect(after).toContain('b2p2i0');
    expect(after).not.toContain(images[0]!.imageId);
    expect(screen.getAllByTestId('strip-group').some((g) => g.textContent?.startsWith('Blade 2'))).toBe(true);
  });

  it('brings a current image far down the list into view, and a pick reports it', () => {
    const { strip, onPick } = renderStrip('b3p2i40');
    expect(strip.scrollTop).toBeGreaterThan(0);
    const current = screen.getAllByTestId('strip-image').find((b) => b.getAttribute('data-image-id') === 'b3p2i40')!;
    expect(current.getAttribute('aria-current')).toBe('true');
    fireEvent.click(current);
    expect(onPick).toHaveBeenCalledWith('b3p2i40');
  });
});
