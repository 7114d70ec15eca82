import { useEffect, useMemo, useRef, useState } from 'react';
import { Button, Drawer, Form, Progress, Space, Typography } from 'antd';
import { UploadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useAppDispatch } from '@/core/store';
import { useLocale } from '@/shared/useLocale';
import { formatNumber } from '@/shared/utils/format';
import { PHOTO_EXTENSIONS, PHOTO_MAX_BYTES, type Locale } from '../contracts';
import { INSPECTION_API, inspectionApi, useImagesProcessingQuery, type InspectionDetailView } from '../inspectionApi';
import { fileProgress, precheckPhoto, sendForm, tilesPending, uploadFields, type UploadItem } from '../upload';
import { ImageFieldItems, toImageFields, type ImageFormValues } from './ImageFields';
import { responseText, validationText } from './common';

/** How often the tile jobs are asked for while a file of the batch waits for its tiles. */
export const PROCESSING_POLL_MS = 1000;

let nextKey = 0;

/** A file's size in MB, or kB below 1 MB. */
function fileSize(bytes: number, locale: Locale, t: (k: string, o: Record<string, unknown>) => string): string {
  const mb = bytes / 1024 / 1024;
  if (mb >= 1) return t('upload.size', { mb: formatNumber(Math.round(mb * 10) / 10, locale) });
  return t('upload.sizeKb', { kb: formatNumber(Math.max(1, Math.round(bytes / 1024)), locale) });
}

function RowText({ item, tiles }: { item: UploadItem; tiles: Parameters<typeof fileProgress>[1] }) {
  const { t } = useTranslation('inspection');
  const locale = useLocale();
  const p = fileProgress(item, tiles);
  const refusal =
    item.refusal?.kind === 'client'
      ? validationText(item.refusal.result, locale)
      : item.refusal?.kind === 'server'
        ? responseText(item.refusal.status, item.refusal.body, locale, t('upload.network'))
        : '';
  return (
    <div className="insp-upload__item" data-testid="upload-item" data-name={item.name} data-stage={p.stage} data-percent={p.percent}>
      <div className="insp-upload__head">
        <Typography.Text strong ellipsis style={{ maxWidth: 260 }}>
          {item.name}
        </Typography.Text>
        <Typography.Text type="secondary">{fileSize(item.size, locale, t)}</Typography.Text>
        <Typography.Text data-testid="upload-stage">{t(`upload.stages.${p.stage}`)}</Typography.Text>
      </div>
      <Progress percent={p.percent} status={p.status} size="small" />
      {refusal && (
        <Typography.Text type="danger" data-testid="upload-refusal">
          {refusal}
        </Typography.Text>
      )}
    </div>
  );
}

/**
 * Upload of photographs to an inspection: one set of fields for the batch (the sort index counts
 * up per file), the contracts' pre-check per file before anything is sent, each file's bytes
 * with a real progress bar (XMLHttpRequest), the server's refusal per file, then the tile job's
 * progress from `GET /inspections/{id}/processing`, polled until every file is done or failed.
 */
export function ImageUpload({ inspection }: { inspection: Pick<InspectionDetailView, 'inspectionId' | 'blades'> }) {
  const { t } = useTranslation('inspection');
  const dispatch = useAppDispatch();
  const [open, setOpen] = useState(false);
  const [form] = Form.useForm<ImageFormValues>();
  const [items, setItems] = useState<UploadItem[]>([]);
  const files = useRef(new Map<string, File>());
  const [busy, setBusy] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  const uploaded = items.some((i) => i.state === 'uploaded');

  const [polling, setPolling] = useState(false);
  const processing = useImagesProcessingQuery({ id: inspection.inspectionId }, { skip: !uploaded, pollingInterval: polling ? PROCESSING_POLL_MS : 0 });
  const tileOf = useMemo(() => new Map((processing.data?.images ?? []).map((i) => [i.imageId, i])), [processing.data]);
  useEffect(() => {
    setPolling(tilesPending(items, processing.data?.images));
  }, [items, processing.data]);
  // Each finished tile job changes what the strip can show.
  const done = processing.data?.done;
  useEffect(() => {
    if (done !== undefined) dispatch(inspectionApi.util.invalidateTags(['images', 'inspections']));
  }, [done, dispatch]);

  const update = (key: string, patch: Partial<UploadItem>) => setItems((all) => all.map((i) => (i.key === key ? { ...i, ...patch } : i)));

  const choose = (list: FileList | null) => {
    const added: UploadItem[] = [];
    for (const file of Array.from(list ?? [])) {
      const key = `f${++nextKey}`;
      const result = precheckPhoto(file);
      files.current.set(key, file);
      added.push({
        key,
        name: file.name,
        size: file.size,
        state: result.ok ? 'queued' : 'refused',
        loaded: 0,
        total: file.size,
        ...(result.ok ? {} : { refusal: { kind: 'client' as const, result } }),
      });
    }
    setItems((all) => [...all, ...added]);
    if (input.current) input.current.value = '';
  };

  const start = async () => {
    let values: ImageFormValues;
    try {
      values = await form.validateFields();
    } catch {
      return;
    }
    const fields = toImageFields(values);
    const queued = items.filter((i) => i.state === 'queued');
    setBusy(true);
    // One file at a time: the tile jobs start while the next file is sent.
    for (const [index, item] of queued.entries()) {
      const file = files.current.get(item.key)!;
      const body = new FormData();
      for (const [k, v] of uploadFields(fields, index)) body.append(k, v);
      body.append('file', file, file.name);
      update(item.key, { state: 'uploading', loaded: 0 });
      const r = await sendForm(`${INSPECTION_API}/inspections/${inspection.inspectionId}/images`, body, (loaded, total) =>
        update(item.key, { loaded, total }),
      );
      if (r.status >= 200 && r.status < 300) {
        const img = r.body as { imageId?: string; guid?: string };
        update(item.key, { state: 'uploaded', loaded: file.size, total: file.size, imageId: img.imageId ?? img.guid });
        dispatch(inspectionApi.util.invalidateTags(['images', 'inspections', 'processing']));
      } else {
        update(item.key, { state: 'refused', refusal: { kind: 'server', status: r.status, body: r.body } });
      }
      files.current.delete(item.key);
    }
    setBusy(false);
  };

  // Finished and refused files leave the list; those still sending or tiling stay.
  const clear = () =>
    setItems((all) => all.filter((i) => i.state === 'uploading' || (i.state === 'uploaded' && tilesPending([i], processing.data?.images))));

  const queuedCount = items.filter((i) => i.state === 'queued').length;
  return (
    <>
      <Button icon={<UploadOutlined />} onClick={() => setOpen(true)} data-testid="upload-open">
        {t('upload.button')}
      </Button>
      <Drawer open={open} onClose={() => setOpen(false)} size={560} title={t('upload.title')} forceRender>
        <Typography.Paragraph type="secondary">
          {t('upload.hint', { types: PHOTO_EXTENSIONS.join(', '), mb: PHOTO_MAX_BYTES / 1024 / 1024 })}
        </Typography.Paragraph>
        <Form<ImageFormValues> form={form} layout="vertical" initialValues={{ chamber: 0, sortIndex: '' }} data-testid="upload-form">
          <ImageFieldItems form={form} blades={inspection.blades} />
        </Form>
        <Space style={{ marginBottom: 12 }}>
          <input
            ref={input}
            type="file"
            multiple
            accept={PHOTO_EXTENSIONS.join(',')}
            style={{ display: 'none' }}
            onChange={(e) => choose(e.target.files)}
            data-testid="upload-input"
          />
          <Button onClick={() => input.current?.click()} disabled={busy} data-testid="upload-choose">
            {t('upload.choose')}
          </Button>
          <Button
            type="primary"
            onClick={() => void start()}
            disabled={busy || queuedCount === 0}
            loading={busy}
            data-testid="upload-start"
          >
            {t('upload.start', { count: queuedCount })}
          </Button>
          <Button onClick={clear} disabled={busy || items.length === 0} data-testid="upload-clear">
            {t('upload.clear')}
          </Button>
        </Space>
        <div data-testid="upload-list">
          {items.map((item) => (
            <RowText key={item.key} item={item} tiles={item.imageId ? tileOf.get(item.imageId) : undefined} />
          ))}
        </div>
      </Drawer>
    </>
  );
}
