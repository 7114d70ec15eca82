import { useMemo, useState } from 'react';
import {
  Alert,
  Button,
  Card,
  Descriptions,
  Form,
  Progress,
  Result,
  Segmented,
  Select,
  Space,
  Steps,
  Table,
  Tag,
  Typography,
  Upload,
} from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { assetApi } from '@/core/api/generated/asset';
import { errorMessageOf } from '@/core/api/errorMessage';
import { useAppSelector } from '@/core/store';
import { useLocale } from '@/shared/useLocale';
import {
  ComponentType,
  IMPORT_WIZARD_STEP_LABELS,
  Rights,
  UPLOAD_PROGRESS_LABELS,
  UploadFileStatus as S,
  checkSpreadsheetFile,
  errorText,
  hasRight,
  lookupMessage,
  type Locale,
} from './contracts';
import {
  IMPORT_API,
  uploadImagesArchive,
  uploadWorkbook,
  useSheetImportsCancelMutation,
  useSheetImportsCreateMutation,
  useSheetImportsCurrentQuery,
  useSheetImportsDismissMutation,
  useSheetImportsListQuery,
  useSheetImportsProcessMutation,
  type SheetImportView,
} from './importApi';
import { useSheetImportLive } from './live';
import { FindingsTable, download } from './Findings';
import { TableImportPanel } from './TableImportPanel';
import { MappingPicker } from './ColumnMappings';
import { usePhotoQueue, type QueuedPhoto } from './photoQueue';
import { uploadPercent } from '@/shared/upload';

const STEPS = [1, 2, 3, 4, 5] as const;
const PROGRESS_CODES = [1, 2, 3, 4, 5, 6, 7, 8] as const;

/** The wizard step to show for the open run (null run: step 1). A failed step 4 shows the finish page. */
export function stepOf(run: SheetImportView | null | undefined): number {
  if (!run) return 1;
  if (run.taskStatus === 'SUCCEEDED' || (run.taskStatus === 'FAILED' && run.step >= 4)) return 5;
  return Math.min(5, Math.max(2, run.step));
}

/** Percent of the SPEC §4 progress codes 1..8 reached. */
export function progressPercent(code: number | null | undefined): number {
  return code ? Math.round((code / 8) * 100) : 0;
}

/**
 * Data import (SPEC §2 /dataCenter/dataImport and /dataFlowManagement/dataImport): the 5-step
 * wizard — basic config, verify the Excel file, upload images, data processing, finish. The run
 * lives on the server (import's sheet imports), so leaving and coming back resumes it.
 */
export function Component() {
  const { t } = useTranslation('dataImport');
  const locale = useLocale();
  const denied = useAppSelector((s) => s.session.accessDeniedModules);
  const canRead = [Rights.DATA_INTEGRATION_SHOW, Rights.DATA_INTEGRATION_EDIT, Rights.INSPECTION_DATA].some((r) => hasRight(denied, r));
  useSheetImportLive(canRead);
  const current = useSheetImportsCurrentQuery(undefined, { skip: !canRead });
  const run = current.data?.current ?? null;
  const step = stepOf(run);
  const [kind, setKind] = useState<'wizard' | 'lps'>('wizard');
  if (!canRead) return <Result status="403" title={t('noAccess')} data-testid="page-dataImport" />;
  return (
    <div data-testid="page-dataImport" style={{ display: 'flex', flexDirection: 'column', gap: 16 }}>
      <Typography.Title level={4} style={{ margin: 0 }}>
        {t('title')}
      </Typography.Title>
      <Segmented
        data-testid="import-kind"
        value={kind}
        onChange={(v) => setKind(v as 'wizard' | 'lps')}
        options={[
          { value: 'wizard', label: t('tables.kinds.wizard') },
          { value: 'lps', label: t('tables.kinds.lps') },
        ]}
      />
      {kind === 'lps' ? <LpsImport /> : null}
      {kind === 'lps' ? null : (
        <>
          <Steps
            current={step - 1}
            data-testid="import-steps"
            items={STEPS.map((s) => ({ title: IMPORT_WIZARD_STEP_LABELS[locale][s] }))}
          />
          {current.isLoading ? null : step === 1 ? (
            <BasicConfig />
          ) : step === 2 ? (
            <VerifyExcel run={run!} />
          ) : step === 3 ? (
            <UploadImages run={run!} />
          ) : step === 4 ? (
            <Processing run={run!} />
          ) : (
            <Finish run={run!} />
          )}
          <ImportQueue />
        </>
      )}
    </div>
  );
}

/** LPS readings of a park's turbines into their LPS inspections (import's lps-imports). */
function LpsImport() {
  const { t } = useTranslation('dataImport');
  const [parkId, setParkId] = useState<string>();
  const plants = assetApi.usePlantsListQuery({ pageSize: 500, fieldToSort: 'windFarmName', descending: false, active: true });
  return (
    <Card title={t('tables.kinds.lps')} data-testid="import-lps">
      <Form layout="vertical">
        <Form.Item label={t('basic.park')} required>
          <Select
            data-testid="import-lps-park"
            showSearch={{ optionFilterProp: 'label' }}
            value={parkId}
            placeholder={t('basic.choose')}
            options={(plants.data?.results ?? []).map((p) => ({ value: p.windFarmId, label: p.windFarmName }))}
            onChange={(v: string) => setParkId(v)}
          />
        </Form.Item>
      </Form>
      <TableImportPanel kind="lps" fields={parkId ? { windfarmId: parkId } : null} />
    </Card>
  );
}

function BasicConfig() {
  const { t } = useTranslation('dataImport');
  const locale = useLocale();
  const [customerId, setCustomerId] = useState<string>();
  const [parkId, setParkId] = useState<string>();
  const [projectId, setProjectId] = useState<string>();
  const [componentType, setComponentType] = useState<1 | 5>(ComponentType.BLADE_EXTERNAL);
  const [templateId, setTemplateId] = useState<string>();
  const plants = assetApi.usePlantsListQuery({ pageSize: 500, fieldToSort: 'windFarmName', descending: false, active: true });
  const projects = assetApi.usePlantsProjectsQuery({ id: parkId ?? '', pageSize: 500 }, { skip: !parkId });
  const [create, created] = useSheetImportsCreateMutation();
  const customers = useMemo(() => {
    const seen = new Map<string, string>();
    for (const p of plants.data?.results ?? []) seen.set(p.customerId, p.customerName ?? p.customerId);
    return [...seen].map(([value, label]) => ({ value, label }));
  }, [plants.data]);
  const parks = (plants.data?.results ?? []).filter((p) => !customerId || p.customerId === customerId);
  const customerName = customers.find((c) => c.value === customerId)?.label;
  return (
    <Card title={IMPORT_WIZARD_STEP_LABELS[locale][1]} data-testid="import-step-basic">
      <Form layout="vertical" style={{ maxWidth: 480 }}>
        <Form.Item label={t('basic.customer')} required>
          <Select
            data-testid="import-customer"
            showSearch
            optionFilterProp="label"
            value={customerId}
            options={customers}
            onChange={(v: string) => {
              setCustomerId(v);
              setParkId(undefined);
              setProjectId(undefined);
              setTemplateId(v);
            }}
            placeholder={t('basic.choose')}
          />
        </Form.Item>
        <Form.Item label={t('basic.park')} required>
          <Select
            data-testid="import-park"
            showSearch
            optionFilterProp="label"
            value={parkId}
            options={parks.map((p) => ({ value: p.windFarmId, label: p.windFarmName }))}
            onChange={(v: string) => {
              setParkId(v);
              setProjectId(undefined);
              const owner = parks.find((p) => p.windFarmId === v)?.customerId;
              if (owner) {
                setCustomerId(owner);
                setTemplateId(owner);
              }
            }}
            placeholder={t('basic.choose')}
          />
        </Form.Item>
        <Form.Item label={t('basic.project')}>
          <Select
            data-testid="import-project"
            allowClear
            value={projectId}
            disabled={!parkId}
            options={(projects.data?.results ?? []).map((p) => ({ value: p.projectId, label: p.projectName }))}
            onChange={(v: string | undefined) => setProjectId(v)}
            placeholder={t('basic.optional')}
          />
        </Form.Item>
        <Form.Item label={t('basic.componentType')} required>
          <Select
            data-testid="import-component"
            value={componentType}
            options={[ComponentType.BLADE_EXTERNAL, ComponentType.BLADE_INTERNAL].map((c) => ({
              value: c,
              label: t(`componentTypes.${c}`),
            }))}
            onChange={(v: 1 | 5) => setComponentType(v)}
          />
        </Form.Item>
        <Form.Item label={t('basic.defectTemplate')}>
          <Select
            data-testid="import-template"
            value={templateId}
            disabled={!customerId}
            options={customerId ? [{ value: customerId, label: t('basic.customerTemplate', { customer: customerName }) }] : []}
            onChange={(v: string) => setTemplateId(v)}
          />
        </Form.Item>
        {created.error ? <Alert type="error" showIcon title={errorMessageOf(created.error, locale)} data-testid="import-error" /> : null}
        <Button
          type="primary"
          disabled={!parkId}
          loading={created.isLoading}
          data-testid="import-basic-next"
          onClick={() =>
            void create({
              createSheetImportDto: {
                windfarmId: parkId!,
                customerId: customerId ?? null,
                projectId: projectId ?? null,
                componentType,
                defectTemplateId: templateId ?? null,
              },
            })
          }
        >
          {t('next')}
        </Button>
      </Form>
    </Card>
  );
}

const reportUrlOf = (run: SheetImportView) => `${IMPORT_API}/sheet-imports/${run.sheetImportId}/error-report`;

function CancelButton({ run }: { run: SheetImportView }) {
  const { t } = useTranslation('dataImport');
  const [cancel, cancelled] = useSheetImportsCancelMutation();
  return (
    <Button danger loading={cancelled.isLoading} data-testid="import-cancel" onClick={() => void cancel({ id: run.sheetImportId })}>
      {t('cancel')}
    </Button>
  );
}

function RunHeader({ run }: { run: SheetImportView }) {
  const { t } = useTranslation('dataImport');
  return (
    <Descriptions size="small" column={3} data-testid="import-run">
      <Descriptions.Item label={t('basic.park')}>{run.windfarmName}</Descriptions.Item>
      <Descriptions.Item label={t('basic.componentType')}>{t(`componentTypes.${run.componentType}`)}</Descriptions.Item>
      <Descriptions.Item label={t('status')}>
        <Tag>{run.statusName}</Tag>
      </Descriptions.Item>
    </Descriptions>
  );
}

function VerifyExcel({ run }: { run: SheetImportView }) {
  const { t } = useTranslation('dataImport');
  const locale = useLocale();
  const [sent, setSent] = useState<{ loaded: number; total: number } | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  // Another vendor's workbook: read through a saved mapping of the run's customer (resumes with the last one used).
  const [mappingId, setMappingId] = useState<string | null>(run.mappingId ?? null);
  const current = useSheetImportsCurrentQuery();
  const pick = async (file: File) => {
    setRefusal(null);
    const pre = checkSpreadsheetFile({ name: file.name, size: file.size });
    if (!pre.ok) {
      setRefusal(errorText(pre.code, locale, pre.params));
      return;
    }
    setBusy(true);
    setSent({ loaded: 0, total: file.size });
    const r = await uploadWorkbook(run.sheetImportId, file, (loaded, total) => setSent({ loaded, total }), mappingId);
    setBusy(false);
    if (r.status < 200 || r.status >= 300) setRefusal(lookupMessage(r.body, locale, IMPORT_API));
    void current.refetch();
  };
  const findings = run.findings;
  return (
    <Card title={IMPORT_WIZARD_STEP_LABELS[locale][2]} data-testid="import-step-verify" extra={<CancelButton run={run} />}>
      <RunHeader run={run} />
      <Space orientation="vertical" style={{ width: '100%' }}>
        <Space wrap>
          <Typography.Text>{t('verify.template')}</Typography.Text>
          {(['en_us', 'zh_cn'] as Locale[]).map((l) => (
            <Button
              key={l}
              size="small"
              data-testid={`import-template-${l}`}
              onClick={() => void download(`${IMPORT_API}/sheet-imports/template?lang=${l}`, 'template.xlsx', setRefusal)}
            >
              {t(`verify.templateIn.${l}`)}
            </Button>
          ))}
        </Space>
        <Typography.Text type="secondary">{t('verify.rules')}</Typography.Text>
        <MappingPicker customerId={run.customerId} value={mappingId} onChange={setMappingId} />
        <Upload.Dragger
          accept=".xlsx,.xls"
          multiple={false}
          showUploadList={false}
          disabled={busy}
          data-testid="import-workbook"
          beforeUpload={(file) => {
            void pick(file as unknown as File);
            return false;
          }}
        >
          <p>{t('verify.drop')}</p>
        </Upload.Dragger>
        {sent ? (
          <Progress
            percent={uploadPercent(sent.loaded, sent.total)}
            status={busy ? 'active' : 'normal'}
            data-testid="import-upload-progress"
          />
        ) : null}
        {busy ? <Typography.Text data-testid="import-verifying">{UPLOAD_PROGRESS_LABELS[locale][3]}</Typography.Text> : null}
        {refusal ? <Alert type="error" showIcon title={refusal} data-testid="import-refusal" /> : null}
        {run.status === S.FAILED && findings.length > 0 ? (
          <FindingsTable
            findings={findings}
            count={run.summary?.findings ?? findings.length}
            reportUrl={reportUrlOf(run)}
            onError={setRefusal}
          />
        ) : null}
        {run.status === S.VERIFY_SUCCESS && run.summary ? (
          <Alert type="success" showIcon title={t('verify.ok', run.summary)} data-testid="import-verified" />
        ) : null}
      </Space>
    </Card>
  );
}

const ARCHIVE_RE = /\.(zip|tar\.gz|tgz)$/i;

function UploadImages({ run }: { run: SheetImportView }) {
  const { t } = useTranslation('dataImport');
  const locale = useLocale();
  const [process, processed] = useSheetImportsProcessMutation();
  const current = useSheetImportsCurrentQuery();
  const [archive, setArchive] = useState<File | null>(null);
  const [sent, setSent] = useState<{ loaded: number; total: number } | null>(null);
  const [busy, setBusy] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  const describe = (status: number, body: unknown) => (status === 0 ? t('images.dropped') : lookupMessage(body, locale, IMPORT_API));
  // Loose photos go one request each, so one can be paused, resumed and sent again on its own.
  const queue = usePhotoQueue(run.sheetImportId, describe, () => void current.refetch());
  /** An archive is one file, resumable: a lost connection goes on from what arrived; sent again, it resumes. */
  const sendArchive = async (file: File) => {
    setArchive(file);
    setBusy(true);
    setSent({ loaded: 0, total: file.size });
    const r = await uploadImagesArchive(run.sheetImportId, file, (loaded, total) => setSent({ loaded, total }));
    setBusy(false);
    if (r.status < 200 || r.status >= 300) setRefusal(describe(r.status, r.body));
    void current.refetch();
  };
  const send = (files: File[]) => {
    setRefusal(null);
    const isArchive = files.length === 1 && ARCHIVE_RE.test(files[0]!.name);
    if (!isArchive && files.some((f) => ARCHIVE_RE.test(f.name))) {
      setRefusal(t('images.oneArchive'));
      return;
    }
    if (isArchive) void sendArchive(files[0]!);
    else {
      setArchive(null);
      setSent(null);
      queue.add(files);
    }
  };
  const failed = queue.items.filter((i) => i.state === 'failed').length;
  const waiting = queue.items.some((i) => i.state === 'waiting');
  const missing = run.imagesNeeded > run.imagesUploaded;
  const working = busy || queue.running;
  return (
    <Card title={IMPORT_WIZARD_STEP_LABELS[locale][3]} data-testid="import-step-images" extra={<CancelButton run={run} />}>
      <RunHeader run={run} />
      <Space orientation="vertical" style={{ width: '100%' }}>
        {run.summary ? <Typography.Text data-testid="import-summary">{t('verify.ok', run.summary)}</Typography.Text> : null}
        {run.imagesNeeded === 0 ? (
          <Alert type="info" showIcon title={t('images.none')} />
        ) : (
          <>
            <Typography.Text type="secondary">{t('images.rules')}</Typography.Text>
            <Upload.Dragger
              accept=".zip,.tar.gz,.tgz,.jpg,.jpeg,.png"
              multiple
              showUploadList={false}
              disabled={busy}
              data-testid="import-images"
              beforeUpload={(file, list) => {
                // antd calls this once per file of a drop: take the whole list once, on its last file.
                if (file === list[list.length - 1]) send(list as unknown as File[]);
                return false;
              }}
            >
              <p>{t('images.drop')}</p>
            </Upload.Dragger>
            {archive && sent ? (
              <Progress percent={uploadPercent(sent.loaded, sent.total)} status={busy ? 'active' : 'normal'} data-testid="import-images-progress" />
            ) : null}
            {archive && refusal && !busy ? (
              <Button size="small" data-testid="import-archive-retry" onClick={() => void sendArchive(archive)}>
                {t('images.retryArchive')}
              </Button>
            ) : null}
            {queue.items.length ? (
              <>
                <Progress percent={queue.percent()} status={queue.running ? 'active' : 'normal'} data-testid="import-images-progress" />
                <Space wrap>
                  {queue.running && !queue.paused ? (
                    <Button size="small" data-testid="import-images-pause" onClick={queue.pause}>
                      {t('images.pause')}
                    </Button>
                  ) : null}
                  {queue.paused && waiting ? (
                    <Button size="small" type="primary" data-testid="import-images-resume" onClick={queue.resume}>
                      {t('images.resume')}
                    </Button>
                  ) : null}
                  {failed && !queue.running ? (
                    <Button size="small" data-testid="import-images-retry" onClick={queue.retryFailed}>
                      {t('images.retry', { count: failed })}
                    </Button>
                  ) : null}
                </Space>
                <Table<QueuedPhoto>
                  size="small"
                  data-testid="import-images-files"
                  rowKey={(i) => i.file.name}
                  pagination={{ pageSize: 10, showSizeChanger: false }}
                  dataSource={queue.items}
                  columns={[
                    { title: t('images.file'), render: (_v, i) => i.file.name, ellipsis: true },
                    {
                      title: t('images.progress'),
                      width: 200,
                      render: (_v, i) => (
                        <Progress percent={i.percent} size="small" status={i.state === 'failed' ? 'exception' : i.state === 'uploading' ? 'active' : 'normal'} />
                      ),
                    },
                    {
                      title: t('status'),
                      render: (_v, i) => (
                        <span data-testid={`import-file-${i.file.name}`}>
                          {t(`images.state.${i.state}`)}
                          {i.message ? ` · ${i.message}` : ''}
                        </span>
                      ),
                    },
                  ]}
                />
              </>
            ) : null}
            {busy ? <Typography.Text>{t('images.checking')}</Typography.Text> : null}
            <Typography.Text data-testid="import-images-count">
              {t('images.count', { uploaded: run.imagesUploaded, needed: run.imagesNeeded })}
            </Typography.Text>
          </>
        )}
        {refusal ? <Alert type="error" showIcon title={refusal} data-testid="import-refusal" /> : null}
        {!working && archive && run.findings.length > 0 ? (
          <FindingsTable findings={run.findings} count={run.findings.length} reportUrl={reportUrlOf(run)} onError={setRefusal} />
        ) : null}
        {processed.error ? (
          <Alert type="error" showIcon title={errorMessageOf(processed.error, locale)} data-testid="import-error" />
        ) : null}
        <Button
          type="primary"
          disabled={missing || working}
          loading={processed.isLoading}
          data-testid="import-process"
          onClick={() => void process({ id: run.sheetImportId })}
        >
          {t('images.process')}
        </Button>
      </Space>
    </Card>
  );
}

function Processing({ run }: { run: SheetImportView }) {
  const { t } = useTranslation('dataImport');
  const locale = useLocale();
  const code = run.progressCode ?? 0;
  return (
    <Card title={IMPORT_WIZARD_STEP_LABELS[locale][4]} data-testid="import-step-processing">
      <RunHeader run={run} />
      {run.queued ? <Alert type="info" showIcon title={t('processing.queued')} data-testid="import-queued" /> : null}
      <Progress percent={progressPercent(code)} status="active" data-testid="import-progress" />
      <Steps
        size="small"
        orientation="vertical"
        current={Math.max(0, code - 1)}
        data-testid="import-progress-codes"
        items={PROGRESS_CODES.map((c) => ({
          title: UPLOAD_PROGRESS_LABELS[locale][c],
          status: c < code ? 'finish' : c === code ? 'process' : 'wait',
        }))}
      />
    </Card>
  );
}

function Finish({ run }: { run: SheetImportView }) {
  const { t } = useTranslation('dataImport');
  const [dismiss, dismissed] = useSheetImportsDismissMutation();
  const again = (
    <Button type="primary" loading={dismissed.isLoading} data-testid="import-again" onClick={() => void dismiss({ id: run.sheetImportId })}>
      {t('finish.again')}
    </Button>
  );
  if (run.taskStatus !== 'SUCCEEDED')
    return (
      <Result
        status="error"
        data-testid="import-step-finish"
        title={t('finish.failed')}
        subTitle={run.error ? `${run.error.message} ${(run.error.details as { reason?: string } | undefined)?.reason ?? ''}` : undefined}
        extra={again}
      />
    );
  return (
    <Result
      status="success"
      data-testid="import-step-finish"
      title={t('finish.done', { count: run.inspections.length })}
      subTitle={run.summary ? t('verify.ok', run.summary) : undefined}
      extra={[
        <ul key="links" data-testid="import-created" style={{ textAlign: 'left' }}>
          {run.inspections.map((i) => (
            <li key={i.inspectionId}>
              <Link to={`/inspection/turbine?windFarmId=${run.windfarmId}&turbineId=${i.turbineId}&inspectionType=${run.componentType}`}>
                {`${i.turbineName} · ${i.inspectionDate}`}
              </Link>
            </li>
          ))}
        </ul>,
        <span key="again">{again}</span>,
      ]}
    />
  );
}

/** The import queue: imports in the caller's scope, paged on the server, newest first. */
function ImportQueue() {
  const { t } = useTranslation('dataImport');
  const [page, setPage] = useState(1);
  const list = useSheetImportsListQuery({ pageIndex: page, pageSize: 10, fieldToSort: 'createdAt', descending: true });
  return (
    <Card size="small" title={t('queue.title')}>
      <Table<SheetImportView>
        size="small"
        data-testid="import-queue"
        rowKey="sheetImportId"
        loading={list.isFetching}
        dataSource={list.data?.results ?? []}
        pagination={{ current: page, pageSize: 10, total: list.data?.totalCount ?? 0, onChange: setPage, showSizeChanger: false }}
        columns={[
          { title: t('basic.park'), dataIndex: 'windfarmName' },
          { title: t('queue.file'), dataIndex: 'fileName' },
          { title: t('status'), dataIndex: 'statusName' },
          { title: t('queue.task'), dataIndex: 'taskStatusName' },
          { title: t('queue.progress'), dataIndex: 'progressName' },
          { title: t('queue.created'), dataIndex: 'createdAt', render: (v: string) => v.slice(0, 16).replace('T', ' ') },
        ]}
      />
    </Card>
  );
}
