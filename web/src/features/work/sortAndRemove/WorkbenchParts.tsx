import { BackToTasks } from '../common/ToolNavigation';
import { Alert, Button, Result, Space, Typography } from 'antd';
import { SendOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { LanguageSwitch } from '@/shared/components/LanguageSwitch';
import { useLocale } from '@/shared/useLocale';
import { formatDate } from '@/shared/utils/format';
import { TASK_STAGE_LABELS, TaskStage, labelOf } from './contracts';
import { PathStrip } from './PathStrip';
import { ShortcutHelp } from './Toolbar';
import { useSar } from './store';
import { SpentTimer, formatDuration, useElapsed } from './spentTime';
import type { SarData } from './sortAndRemoveApi';

/** The sort-and-remove stage, the only one this tool works in. */
export const STAGE = TaskStage.SORT_AND_REMOVE;

/** Header: park, turbine, inspection date, the ticking spent time and Submit. */
export function Header({
  data,
  spentBase,
  timer,
  onSubmit,
  submitting,
  canWork,
  help,
  live,
}: {
  data: SarData;
  spentBase: number;
  timer: SpentTimer | null;
  onSubmit: () => void;
  submitting: boolean;
  canWork: boolean;
  help: { open: boolean; set: (o: boolean) => void };
  /** The task socket's state (`data-live`: browser tests wait for it before acting elsewhere). */
  live: string;
}) {
  const { t } = useTranslation('sortAndRemove');
  const locale = useLocale();
  const elapsed = useElapsed(timer);
  return (
    <header className="sar-header" data-live={live}>
      <BackToTasks />
      <Typography.Title level={4} className="sar-header__title">
        {labelOf(TASK_STAGE_LABELS, STAGE, locale)}
      </Typography.Title>
      <dl className="sar-header__facts">
        <dt>{t('header.park')}</dt>
        <dd data-testid="sar-park">{data.windfarmName ?? '–'}</dd>
        <dt>{t('header.turbine')}</dt>
        <dd data-testid="sar-turbine">{data.turbineName}</dd>
        <dt>{t('header.inspectionTime')}</dt>
        <dd>{formatDate(data.inspectionTime, locale)}</dd>
        <dt>{t('header.spentTime')}</dt>
        <dd data-testid="sar-spent">{formatDuration(spentBase + elapsed)}</dd>
      </dl>
      <Space>
        <ShortcutHelp open={help.open} onOpenChange={help.set} />
        <LanguageSwitch />
        <Button type="primary" icon={<SendOutlined />} disabled={!canWork} loading={submitting} onClick={onSubmit} data-testid="sar-submit">
          {t('header.submit')}
        </Button>
      </Space>
    </header>
  );
}

export function Strips({ readOnly, savingPath, onSave }: { readOnly: boolean; savingPath: string | null; onSave: (p: string) => void }) {
  const pathIds = useSar((s) => s.pathIds);
  const { t } = useTranslation('sortAndRemove');
  return (
    <div className="sar-strips" data-testid="sar-strips">
      {pathIds.length === 0 ? <Alert type="info" title={t('empty')} /> : null}
      {pathIds.map((p) => (
        <PathStrip key={p} pathGuid={p} readOnly={readOnly} saving={savingPath === p} onSave={onSave} />
      ))}
    </div>
  );
}

export function Done() {
  const { t } = useTranslation('sortAndRemove');
  const navigate = useNavigate();
  return (
    <Result
      status="success"
      title={t('done.title')}
      subTitle={t('done.body')}
      data-testid="sar-done"
      extra={
        <Button type="primary" onClick={() => void navigate('/qaCenter/myTasks')}>
          {t('done.myTasks')}
        </Button>
      }
    />
  );
}
