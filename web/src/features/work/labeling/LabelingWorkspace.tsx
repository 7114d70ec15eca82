import { Empty, Skeleton } from 'antd';
import { useTranslation } from 'react-i18next';
import { LoadError } from '@/shared/inspection';
import { Filmstrip } from './components/Filmstrip';
import { ShortcutHelp } from './components/ShortcutHelp';
import type { Finished, LabelingMode } from './workspace/types';
import { useDraftEditing } from './workspace/useDraftEditing';
import { useImageNavigation } from './workspace/useImageNavigation';
import { useLabelingWrites } from './workspace/useLabelingWrites';
import { useReview } from './workspace/useReview';
import { useWorkspaceData } from './workspace/useWorkspaceData';
import { useWorkspaceKeys } from './workspace/useWorkspaceKeys';
import { WorkspacePanel } from './workspace/WorkspacePanel';
import { WorkspaceToolbar } from './workspace/WorkspaceToolbar';
import { WorkspaceViewer } from './workspace/WorkspaceViewer';

export type { Finished, LabelingMode } from './workspace/types';

/**
 * The labeling tool's working area: the image list, the deep-zoom viewer with the polygon
 * layer and the editing layer, and the panel (defect form and list, pre-label decisions, bulk
 * edit, or the review). Keys run through the customisable shortcut map. Each use case lives in
 * its own hook or component under workspace/; this file only composes them.
 */
export function LabelingWorkspace({
  taskId,
  inspectionId,
  mode,
  workStage,
  reviewStage,
  imageId,
  onImage,
  onFinished,
  closedStage = null,
}: {
  taskId: string;
  inspectionId: string;
  mode: LabelingMode;
  /** 4 or 10 when labeling / pre-labeling. */
  workStage: number | null;
  /** 5 or 11 in review. */
  reviewStage: number | null;
  imageId: string | null;
  onImage: (imageId: string) => void;
  onFinished: (f: Finished) => void;
  /** The window's stage once it closed (completed here or elsewhere): its buttons show disabled. */
  closedStage?: number | null;
}) {
  const { t } = useTranslation('labeling');
  const data = useWorkspaceData({ taskId, inspectionId, imageId, reviewing: mode === 'review' });
  const editing = useDraftEditing({ taskId, inspectionId, mode, data, onImage });
  const navigation = useImageNavigation({ data, editing, onImage });
  const writes = useLabelingWrites({ taskId, inspectionId, mode, workStage, onFinished, data, editing });
  const review = useReview({ taskId, reviewStage, onFinished, data, editing });
  const keys = useWorkspaceKeys({ editing, navigation, writes, review });

  const { imagesQ, defectsQ, statusQ, images, current } = data;
  if (imagesQ.error) return <LoadError error={imagesQ.error} onRetry={() => void imagesQ.refetch()} />;
  if (defectsQ.error) return <LoadError error={defectsQ.error} onRetry={() => void defectsQ.refetch()} />;
  if (imagesQ.isLoading || defectsQ.isLoading) return <Skeleton active />;
  if (!images.length) return <Empty description={t('images.none')} />;

  return (
    <div className="lbl-body" data-testid="labeling-workspace" data-mode={mode}>
      <aside className="lbl-left">
        <Filmstrip
          images={images}
          status={statusQ.data}
          currentId={current?.imageId ?? null}
          showMissing={writes.showMissing}
          onPick={navigation.pickImage}
        />
      </aside>
      <main className="lbl-center">
        <WorkspaceToolbar
          data={data}
          editing={editing}
          onAction={keys.onAction}
          onStepImage={navigation.stepImage}
          onToggleLabeled={writes.toggleLabeled}
          onHelp={() => keys.setHelpOpen(true)}
        />
        <WorkspaceViewer data={data} editing={editing} />
      </main>
      <WorkspacePanel
        mode={mode}
        reviewStage={reviewStage}
        data={data}
        editing={editing}
        writes={writes}
        review={review}
        onAction={keys.onAction}
        closedStage={closedStage}
      />
      <ShortcutHelp
        open={keys.helpOpen}
        onClose={() => keys.setHelpOpen(false)}
        map={keys.shortcuts}
        onChange={keys.setShortcuts}
        onCapturing={keys.setCapturing}
      />
    </div>
  );
}
