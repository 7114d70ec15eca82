import { useState } from 'react';
import { Button, DatePicker, Form, Image, Input, InputNumber, List, Modal, Select, Space, Table, Typography, Upload } from 'antd';
import { UploadOutlined } from '@ant-design/icons';
import { useDispatch } from 'react-redux';
import type { ApiError } from '@/core/api/baseQuery';
import { useAuthedObjectUrl } from '@/shared/viewer/authedFetch';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import {
  useCampaignsDefectsQuery,
  useCampaignsRecordMutation,
  useCampaignsRecordsQuery,
  useCampaignsSetRepairStatusMutation,
  photoUrl,
  repairApi,
  uploadRecordPhoto,
  type CampaignDefectView,
  type RepairPhotoView,
} from '../repairApi';
import { useLocale } from '@/shared/useLocale';
import { canChangeRepairProgress, errorText, type RepairStatusValue } from '../contracts';
import { LoadFailed, RepairError, RepairStatusTag, sortOf, useRepairStatusOptions } from '../components/common';
import { useSeedText } from '@/shared/useSeedText';

const PAGE_SIZE = 50;

/** A defect's repair status (1…6) as repair progress (0, 1, 2): the transitions SPEC §4 allows. */
const progressOf = (s: number) => (s === 1 ? 0 : s === 2 ? 1 : 2) as 0 | 1 | 2;

/** The -13013 rule the service applies, checked before sending: -5 m…blade length, 2 decimals. */
export function distanceOk(v: number | null | undefined, bladeLength: number | null): boolean {
  if (v === null || v === undefined || !Number.isFinite(v)) return false;
  if (Math.abs(v * 100 - Math.round(v * 100)) > 1e-6) return false;
  return v >= -5 && (bladeLength === null || v <= bladeLength);
}

function PhotoThumb({ campaignId, photo }: { campaignId: string; photo: RepairPhotoView }) {
  const { t } = useTranslation('repair');
  const { src } = useAuthedObjectUrl(photoUrl(campaignId, photo.id));
  return (
    <span style={{ display: 'inline-block', marginInlineEnd: 8, textAlign: 'center' }} data-testid={`photo-${photo.kind}`}>
      {src ? <Image src={src} width={64} height={48} style={{ objectFit: 'cover' }} alt={t(`work.${photo.kind}`)} /> : <span style={{ display: 'inline-block', width: 64, height: 48 }} />}
      <div style={{ fontSize: 12 }}>{t(`work.${photo.kind}`)}</div>
    </span>
  );
}

/** Adds a before or after photo to a record (JPG/JPEG/PNG; the service checks the content). */
function PhotoUpload({ campaignId, defectId, recordId }: { campaignId: string; defectId: string; recordId: string }) {
  const { t } = useTranslation('repair');
  const dispatch = useDispatch();
  const [error, setError] = useState<ApiError | null>(null);
  const [busy, setBusy] = useState(false);
  const send = async (kind: 'before' | 'after', file: Blob) => {
    setBusy(true);
    setError(null);
    const r = await uploadRecordPhoto({ campaignId, defectId, recordId }, kind, file);
    setBusy(false);
    if (r.ok) dispatch(repairApi.util.invalidateTags(['repair campaigns']));
    else setError(r.error);
  };
  return (
    <Space wrap>
      {(['before', 'after'] as const).map((kind) => (
        <Upload
          key={kind}
          accept=".jpg,.jpeg,.png"
          showUploadList={false}
          beforeUpload={(file) => {
            void send(kind, file);
            return false;
          }}
        >
          <Button size="small" icon={<UploadOutlined />} loading={busy} data-testid={`photo-upload-${kind}`}>
            {t(`work.add_${kind}`)}
          </Button>
        </Upload>
      ))}
      <RepairError error={error} testId="photo-error" onClose={() => setError(null)} />
    </Space>
  );
}

function Records({ campaignId, defectId, canEdit }: { campaignId: string; defectId: string; canEdit: boolean }) {
  const { t } = useTranslation('repair');
  const statusOptions = useRepairStatusOptions();
  const records = useCampaignsRecordsQuery({ id: campaignId, defectId });
  return (
    <List
      size="small"
      header={<b>{t('work.history')}</b>}
      loading={records.isFetching}
      dataSource={records.data ?? []}
      locale={{ emptyText: t('work.noRecords') }}
      data-testid="records"
      renderItem={(r) => (
        <List.Item data-testid="record-item">
          <Space direction="vertical" size={4}>
            <span>
              {`${r.repairDate} · ${r.technicianName ?? ''} · ${r.distanceToRoot} m · ${statusOptions.find((o) => o.value === r.outcome)?.label ?? r.outcome}`}
              {r.comment ? ` · ${r.comment}` : ''}
            </span>
            <span>
              {r.photos.map((p) => (
                <PhotoThumb key={p.id} campaignId={campaignId} photo={p} />
              ))}
            </span>
            {canEdit && <PhotoUpload campaignId={campaignId} defectId={defectId} recordId={r.id} />}
          </Space>
        </List.Item>
      )}
    />
  );
}

interface RecordForm {
  repairDate: Dayjs;
  distanceToRoot: number;
  outcome: number;
  comment?: string;
}

function RecordModal({ campaignId, defect, onDone }: { campaignId: string; defect: CampaignDefectView; onDone: () => void }) {
  const { t } = useTranslation('repair');
  const locale = useLocale();
  const statusOptions = useRepairStatusOptions().filter((o) => o.value >= 2);
  const [form] = Form.useForm<RecordForm>();
  const [record, recording] = useCampaignsRecordMutation();
  const submit = async (v: RecordForm) => {
    const r = await record({
      id: campaignId,
      defectId: defect.defectId,
      createRepairRecordDto: { repairDate: v.repairDate.format('YYYY-MM-DD'), distanceToRoot: v.distanceToRoot, outcome: v.outcome as 2 | 3 | 4 | 5 | 6, comment: v.comment ?? '' },
    });
    if (!('error' in r)) onDone();
  };
  return (
    <Modal
      open
      title={t('work.recordTitle', { defectNo: defect.defectNo ?? '' })}
      okText={t('common.save')}
      cancelText={t('common.cancel')}
      onOk={() => form.submit()}
      onCancel={onDone}
      confirmLoading={recording.isLoading}
      okButtonProps={{ 'data-testid': 'record-save' } as never}
    >
      <Form
        form={form}
        layout="vertical"
        initialValues={{ repairDate: dayjs(), outcome: 2, distanceToRoot: defect.distanceToRoot ?? 0 }}
        onFinish={(v) => void submit(v)}
        data-testid="record-form"
      >
        <Form.Item name="repairDate" label={t('work.repairDate')} rules={[{ required: true, message: t('common.required') }]}>
          <DatePicker />
        </Form.Item>
        <Form.Item
          name="distanceToRoot"
          label={t('work.distance')}
          extra={defect.bladeLength !== null ? t('work.distanceHint', { max: defect.bladeLength }) : t('work.distanceHintUnknown')}
          rules={[
            {
              validator: async (_r, v: number | null) => {
                if (!distanceOk(v, defect.bladeLength)) throw new Error(errorText(-13013, locale));
              },
            },
          ]}
        >
          <InputNumber step={0.01} style={{ width: 180 }} data-testid="record-distance" />
        </Form.Item>
        <Form.Item name="outcome" label={t('work.outcome')} rules={[{ required: true, message: t('common.required') }]}>
          <Select options={statusOptions} data-testid="record-outcome" aria-label={t('work.outcome')} />
        </Form.Item>
        <Form.Item name="comment" label={t('work.comment')}>
          <Input.TextArea maxLength={2000} autoSize data-testid="record-comment" />
        </Form.Item>
      </Form>
      <RepairError error={recording.error} testId="record-error" onClose={() => recording.reset()} />
    </Modal>
  );
}

/** A campaign's defects (one turbine's, or all) with repair status, records and the record form. */
export function DefectWork({ campaignId, turbineId, canEdit }: { campaignId: string; turbineId?: string; canEdit: boolean }) {
  const { t } = useTranslation('repair');
  const st = useSeedText();
  const statusOptions = useRepairStatusOptions();
  const [query, setQuery] = useState<{ pageIndex: number; repairStatus?: RepairStatusValue; fieldToSort?: string; descending?: boolean }>({ pageIndex: 1 });
  const defects = useCampaignsDefectsQuery({ id: campaignId, ...(turbineId ? { turbineId } : {}), ...query, pageSize: PAGE_SIZE });
  const [setStatus, setting] = useCampaignsSetRepairStatusMutation();
  const [recording, setRecording] = useState<CampaignDefectView | null>(null);
  return (
    <>
      <Space style={{ marginBottom: 12 }}>
        <Select
          allowClear
          style={{ width: 200 }}
          placeholder={t('work.allStatuses')}
          aria-label={t('work.repairStatus')}
          options={statusOptions}
          onChange={(v?: RepairStatusValue) => setQuery((q) => ({ ...q, pageIndex: 1, repairStatus: v }))}
          data-testid="work-status-filter"
        />
        <Typography.Text type="secondary">{t('common.total', { count: defects.data?.totalCount ?? 0 })}</Typography.Text>
      </Space>
      {defects.error ? <LoadFailed error={defects.error} onRetry={() => void defects.refetch()} /> : null}
      <RepairError error={setting.error} testId="status-error" onClose={() => setting.reset()} />
      <Table<CampaignDefectView>
        rowKey="defectId"
        size="small"
        loading={defects.isFetching}
        dataSource={defects.data?.results ?? []}
        pagination={{ current: query.pageIndex, pageSize: PAGE_SIZE, total: defects.data?.totalCount ?? 0, showSizeChanger: false }}
        onChange={(p, _f, sorter) => setQuery((q) => ({ ...q, pageIndex: p.current ?? 1, ...sortOf(sorter) }))}
        expandable={{ expandedRowRender: (r) => <Records campaignId={campaignId} defectId={r.defectId} canEdit={canEdit} /> }}
        data-testid="work-table"
        columns={[
          { key: 'defectNo', dataIndex: 'defectNo', title: t('plans.defectNo'), sorter: true },
          { key: 'turbineName', dataIndex: 'turbineName', title: t('plans.turbine'), sorter: true },
          { key: 'defectType', dataIndex: 'defectType', title: t('plans.type'), render: (v: string) => st(v) },
          { key: 'severity', dataIndex: 'severity', title: t('plans.severity'), sorter: true },
          { key: 'bladePosition', dataIndex: 'bladePosition', title: t('plans.blade') },
          { key: 'distanceToRoot', dataIndex: 'distanceToRoot', title: t('plans.distance') },
          { key: 'templateName', dataIndex: 'templateName', title: t('work.steps'), render: (v: string | null) => st(v) },
          {
            key: 'repairStatus',
            dataIndex: 'repairStatus',
            title: t('work.repairStatus'),
            sorter: true,
            render: (v: number, r) =>
              canEdit && v !== 1 ? (
                <Select
                  size="small"
                  style={{ width: 140 }}
                  value={v}
                  aria-label={t('work.changeStatus')}
                  // Only what SPEC §4 allows by hand: never back to not started.
                  options={statusOptions.filter((o) => o.value === v || canChangeRepairProgress(progressOf(v), progressOf(o.value)))}
                  onChange={(repairStatus: number) => void setStatus({ id: campaignId, defectId: r.defectId, setRepairStatusDto: { repairStatus: repairStatus as RepairStatusValue } })}
                  data-testid="defect-status"
                />
              ) : (
                <RepairStatusTag status={v} />
              ),
          },
          { key: 'recordCount', dataIndex: 'recordCount', title: t('work.records') },
          ...(canEdit
            ? [
                {
                  key: 'record',
                  render: (_: unknown, r: CampaignDefectView) => (
                    <Button size="small" type="primary" onClick={() => setRecording(r)} data-testid="record-open">
                      {t('work.record')}
                    </Button>
                  ),
                },
              ]
            : []),
        ]}
      />
      {recording && <RecordModal campaignId={campaignId} defect={recording} onDone={() => setRecording(null)} />}
    </>
  );
}
