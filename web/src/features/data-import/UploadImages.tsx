import { useState } from 'react';
import { Alert, Button, Card, Progress, Space, Table, Typography, Upload } from 'antd';
import { useTranslation } from 'react-i18next';
import { errorMessageOf } from '@/core/api/errorMessage';
import { useLocale } from '@/shared/useLocale';
import { IMPORT_WIZARD_STEP_LABELS, lookupMessage } from './contracts';
import {
  IMPORT_API,
  uploadImagesArchive,
  useSheetImportsCurrentQuery,
  useSheetImportsProcessMutation,
  type SheetImportView,
} from './importApi';
import { FindingsTable } from './Findings';
import { usePhotoQueue, type QueuedPhoto } from './photoQueue';
import { uploadPercent } from '@/shared/upload';
import { CancelButton, RunHeader, reportUrlOf } from './RunParts';

/** Step 3: the defects' photos, one archive (resumable) or loose photos one request each (pause, resume, retry). */
const ARCHIVE_RE = /\.(zip|tar\.gz|tgz)$/i;

export function UploadImages({ run }: { run: SheetImportView }) {
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
