import type { QaStatus } from '../contracts';

/** label: labeling (stage 4); prelabel: accept/reject suggestions (stage 10); review: QA/FQA (5, 11); readonly: look only. */
export type LabelingMode = 'label' | 'prelabel' | 'review' | 'readonly';

export interface Finished {
  kind: 'labeling' | 'prelabel' | 'review';
  result?: QaStatus;
}

export type Tool = 'select' | 'polygon';
export type ListScope = 'image' | 'all';
