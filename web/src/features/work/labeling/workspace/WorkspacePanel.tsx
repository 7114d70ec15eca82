import { Button, Space, Tabs, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { BulkEditPanel } from '../components/BulkEditPanel';
import { DefectForm } from '../components/DefectForm';
import { DefectList } from '../components/DefectList';
import { QaFindings } from '../components/QaFindings';
import { DefectVerdict, ReviewResult } from '../components/ReviewPanel';
import { TaskStage } from '../contracts';
import { newDraft } from '../draft';
import type { ShortcutAction } from '../shortcuts';
import type { LabelingMode, ListScope } from './types';
import type { DraftEditing } from './useDraftEditing';
import type { useLabelingWrites } from './useLabelingWrites';
import type { Review } from './useReview';
import type { WorkspaceData } from './useWorkspaceData';

/**
 * The right-hand panel: QA findings, then the review (verdict and result), the bulk edit or the
 * defect form, the defect list with its scope, the pre-label decisions and the stage's submit.
 */
export function WorkspacePanel({
  mode,
  reviewStage,
  data,
  editing,
  writes,
  review,
  onAction,
  closedStage,
}: {
  mode: LabelingMode;
  reviewStage: number | null;
  data: WorkspaceData;
  editing: DraftEditing;
  writes: ReturnType<typeof useLabelingWrites>;
  review: Review;
  onAction: (action: ShortcutAction) => boolean;
  closedStage: number | null;
}) {
  const { t } = useTranslation('labeling');
  const { qaQ, statusQ, templates, allDefects, imageDefects, reviewList, bladeLength } = data;
  const { editable, reviewing, selection, draft, dirty, problem, refusal, pixelSize, setPixelSize, listScope, setListScope } = editing;
  const { selectDefect, clearSelection, change, sealHistory } = editing;
  const listDefects = listScope === 'all' || reviewing ? reviewList : imageDefects;
  const bulk = editable && selection.length > 1;
  const pending = statusQ.data?.pendingSuggestionCount ?? 0;
  const focused = review.focused;
  // Labeling or pre-labeling completed (here or in another window): Submit stays, disabled.
  const closedWork = closedStage === TaskStage.LABELING || closedStage === TaskStage.PRE_LABEL;

  return (
    <aside className="lbl-right" data-testid="labeling-panel">
      {mode === 'label' && <QaFindings results={qaQ.data?.results ?? []} defects={allDefects} onPick={(id) => selectDefect(id, false)} />}
      {reviewing ? (
        <>
          <DefectVerdict
            ref={review.commentRef}
            defect={focused}
            verdict={focused ? review.verdicts[focused.defectId] : undefined}
            onDecide={review.decide}
            onComment={review.comment}
            commentMissing={review.problem?.kind === 'rejectComment' && review.problem.defectId === focused?.defectId}
            disabled={!reviewStage}
          />
          <ReviewResult
            counts={review.counts}
            result={review.result}
            onResult={review.setResultChoice}
            comments={review.reviewComments}
            onComments={review.changeComments}
            problem={review.problem}
            refusal={review.refusal}
            submitting={review.submitting}
            onSubmit={() => void review.submitReview()}
            disabled={!reviewStage}
          />
        </>
      ) : bulk ? (
        <BulkEditPanel
          count={selection.length}
          templates={templates}
          onApply={(c) => void writes.applyBulk(c)}
          onClear={clearSelection}
          busy={writes.bulkBusy}
          refusal={writes.bulkRefusal}
        />
      ) : !editable && !draft?.defectId ? (
        // Read-only with nothing chosen: no disabled "new defect" form, just how to see one.
        <Typography.Text type="secondary" data-testid="read-only-hint">
          {t('form.readOnlyHint')}
        </Typography.Text>
      ) : (
        <DefectForm
          values={draft?.values ?? newDraft('').values}
          onChange={change}
          onSeal={sealHistory}
          templates={templates}
          bladeLength={bladeLength}
          problem={problem}
          hasPolygon={!!draft?.polygon}
          isNew={!draft?.defectId}
          dirty={dirty}
          readOnly={!editable}
          sizeComputed={!!(pixelSize && draft?.polygon)}
          pixelSize={pixelSize}
          onPixelSize={setPixelSize}
          onSave={() => void writes.save()}
          onCancel={() => onAction('cancel')}
          onDelete={editable && (draft?.defectId || selection.length) ? writes.removeSelected : null}
          saving={writes.saving}
        />
      )}
      {refusal && !reviewing && (
        <Typography.Text type="danger" data-testid="save-refusal">
          {refusal}
        </Typography.Text>
      )}
      <Tabs
        size="small"
        activeKey={reviewing ? 'all' : listScope}
        onChange={(k) => setListScope(k as ListScope)}
        items={[
          ...(reviewing ? [] : [{ key: 'image', label: t('list.thisImage', { count: imageDefects.length }) }]),
          { key: 'all', label: t('list.all', { count: reviewList.length }) },
        ]}
      />
      {mode === 'prelabel' && (
        <Space wrap className="lbl-prelabel" data-testid="prelabel-actions">
          <Typography.Text>{t('prelabel.pending', { count: pending })}</Typography.Text>
          <Button
            size="small"
            disabled={!pending || writes.decidingAll}
            onClick={() => writes.decideAll('accept')}
            data-testid="accept-all"
          >
            {t('prelabel.acceptAll')}
          </Button>
          <Button
            size="small"
            danger
            disabled={!pending || writes.decidingAll}
            onClick={() => writes.decideAll('reject')}
            data-testid="reject-all"
          >
            {t('prelabel.rejectAll')}
          </Button>
        </Space>
      )}
      <DefectList
        defects={listDefects}
        selection={selection}
        verdicts={reviewing ? review.verdicts : undefined}
        decide={editable}
        onSelect={selectDefect}
        onAccept={(id) => void writes.decideOne(id, true)}
        onReject={(id) => void writes.decideOne(id, false)}
        busy={writes.deciding}
      />
      {(editable || closedWork) && (
        <Button
          type="primary"
          block
          className="lbl-submit"
          loading={writes.completing}
          disabled={closedWork}
          onClick={() => void writes.submitLabeling()}
          data-testid="submit-labeling"
        >
          {mode === 'prelabel' || closedStage === TaskStage.PRE_LABEL ? t('submit.prelabel') : t('submit.labeling')}
        </Button>
      )}
    </aside>
  );
}
