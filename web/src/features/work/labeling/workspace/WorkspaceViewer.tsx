import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { severityFill } from '@/shared/inspection';
import { ImageViewer } from '@/shared/viewer/ImageViewer';
import type { OverlayPolygon, SelectModifiers } from '@/shared/viewer/PolygonOverlay';
import { EditLayer } from '../components/EditLayer';
import { clampToImage, closesAtFirst, pickPolygon, screenToImage } from '../geometry';
import { useViewerTools, type ToolViewer } from '../viewerBridge';
import type { DraftEditing } from './useDraftEditing';
import type { WorkspaceData } from './useWorkspaceData';
import { useSeedText } from '@/shared/useSeedText';

/**
 * The deep-zoom viewer with the defects' outlines and the editing layer; clicks pick defects or
 * add points to the outline being drawn.
 */
export function WorkspaceViewer({ data, editing }: { data: WorkspaceData; editing: DraftEditing }) {
  const { t } = useTranslation('labeling');
  const { t: ti } = useTranslation('inspection');
  const st = useSeedText();
  const { current, imageDefects } = data;
  const { editable, tool, drawing, setDrawing, draft, selection, dirty, transform, cursor } = editing;
  const { commitPolygon, finishDrawing, selectDefect, clearSelection } = editing;
  const [viewer, setViewer] = useState<ToolViewer | null>(null);
  const onViewer = useCallback((v: ToolViewer | null) => setViewer(v), []);

  const pickable = useMemo(
    () =>
      imageDefects.map((d) => ({ id: d.defectId, points: d.defectId === draft?.defectId && draft.polygon ? draft.polygon : d.polygon })),
    [imageDefects, draft],
  );
  useViewerTools(viewer, {
    onClick: (pos, mods) => {
      const tr = transform.get();
      if (!tr || !current) return;
      const at = screenToImage([pos.x, pos.y], tr);
      if (tool === 'polygon' && editable) {
        const p = clampToImage(at, current.width, current.height);
        if (closesAtFirst(drawing, p, tr.scale)) finishDrawing();
        else setDrawing((d) => [...d, p]);
        return;
      }
      const id = pickPolygon(pickable, at);
      if (id) selectDefect(id, mods.shift || mods.ctrl);
      else if (!mods.shift && !mods.ctrl && !dirty) clearSelection();
    },
    onDoubleClick: () => {
      if (tool !== 'polygon' || !editable) return false;
      if (drawing.length >= 3) finishDrawing();
      return true;
    },
    onPointer: (pos) => {
      const tr = transform.get();
      if (tool === 'polygon' && drawing.length && pos && tr) cursor.set(screenToImage([pos.x, pos.y], tr));
      else if (cursor.get() !== null) cursor.set(null);
    },
  });

  const polygons: OverlayPolygon[] = useMemo(
    () =>
      imageDefects
        .filter((d) => d.defectId !== draft?.defectId || !editable)
        .map((d) => ({
          id: d.defectId,
          points: d.polygon,
          color: severityFill(d.severity),
          title: st(d.defectType),
          subtitle: `${d.severity === null ? ti('severity.tbd') : ti('severity.value', { level: d.severity })} · #${d.defectNo}`,
          dashed: d.suggested,
        })),
    [imageDefects, draft?.defectId, editable, ti, st],
  );
  const overlay = current ? (
    <EditLayer
      transform={transform}
      cursor={cursor}
      drawing={drawing}
      draftPolygon={editable ? (draft?.polygon ?? null) : null}
      color={severityFill(draft?.values.severity ?? null)}
      editable={editable && tool === 'select'}
      width={current.width}
      height={current.height}
      onCommit={commitPolygon}
    />
  ) : null;
  const viewerImage = useMemo(
    () =>
      current
        ? {
            imageId: current.imageId,
            dziUri: current.tileStatus === 'done' ? current.dziUri : null,
            width: current.width,
            height: current.height,
          }
        : null,
    [current],
  );
  const onSelectPolygon = useCallback(
    (id: string, m?: SelectModifiers) => selectDefect(id, !!(m?.shiftKey || m?.ctrlKey || m?.metaKey)),
    [selectDefect],
  );

  return (
    <div className="lbl-viewer" data-testid="labeling-viewer" data-tool={tool}>
      <ImageViewer
        image={viewerImage}
        polygons={polygons}
        selectedPolygonIds={selection}
        polygonsInteractive={false}
        onSelectPolygon={onSelectPolygon}
        overlay={overlay}
        onViewer={onViewer}
        onTransform={transform.set}
        height="100%"
      />
      {/* Over the image, not in the toolbar: the viewer must not change size while drawing. */}
      {tool === 'polygon' && editable && (
        <div className="lbl-viewer__hint" data-testid="draw-hint">
          {t('draw.hint')}
        </div>
      )}
      {current && current.tileStatus !== 'done' && (
        <div className="lbl-viewer__wait">{ti(current.tileStatus === 'failed' ? 'images.tilesFailed' : 'images.tilesPending')}</div>
      )}
    </div>
  );
}
