import { useCallback } from 'react';
import { stepInList } from '../review';
import type { DraftEditing } from './useDraftEditing';
import type { WorkspaceData } from './useWorkspaceData';

/** Moving between images (strip, arrows) and between defects; unsaved changes come first. */
export function useImageNavigation({
  data,
  editing,
  onImage,
}: {
  data: WorkspaceData;
  editing: DraftEditing;
  onImage: (imageId: string) => void;
}) {
  const { images, index, current, allDefects, imageDefects, reviewIds } = data;
  const { reviewing, guardDirty, clearSelection, setDrawing, listScope, selection, openDefect } = editing;

  const stepImage = useCallback(
    (delta: number) => {
      if (!images.length || !guardDirty()) return;
      const next = Math.min(images.length - 1, Math.max(0, index + delta));
      if (next === index) return;
      setDrawing([]);
      if (!reviewing) clearSelection();
      onImage(images[next]!.imageId);
    },
    [images, index, guardDirty, reviewing, clearSelection, onImage, setDrawing],
  );

  const pickImage = useCallback(
    (id: string) => {
      if (id === current?.imageId || !guardDirty()) return;
      setDrawing([]);
      if (!reviewing) clearSelection();
      onImage(id);
    },
    [current?.imageId, guardDirty, reviewing, clearSelection, onImage, setDrawing],
  );

  const stepDefect = (delta: 1 | -1) => {
    const list = reviewing || listScope === 'all' ? reviewIds : imageDefects.map((d) => d.defectId);
    const id = stepInList(list, selection[0] ?? null, delta);
    const d = id ? allDefects.find((x) => x.defectId === id) : undefined;
    if (d && (reviewing || guardDirty())) openDefect(d);
  };

  return { stepImage, pickImage, stepDefect };
}
