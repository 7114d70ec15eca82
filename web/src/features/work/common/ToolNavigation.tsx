import { Alert, Button } from 'antd';
import { ArrowLeftOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';

/** Where the standalone work tools send people back to: the tasks they hold. */
export const MY_TASKS_PATH = '/qaCenter/myTasks';

/** The tool header's way back to my tasks (the tools open in a tab of their own, without the menu). */
export function BackToTasks() {
  const { t } = useTranslation('common');
  const navigate = useNavigate();
  // A button that navigates, not a button inside a link (nested interactive elements).
  return (
    <Button size="small" icon={<ArrowLeftOutlined />} onClick={() => navigate(MY_TASKS_PATH)} data-testid="tool-back">
      {t('tools.backToTasks')}
    </Button>
  );
}

/** A tool opened without a task (a bookmark, a typed address): what to do, and a way there. */
export function MissingTask({ testId }: { testId: string }) {
  const { t } = useTranslation('common');
  const navigate = useNavigate();
  return (
    <Alert
      type="info"
      showIcon
      title={t('tools.noTaskTitle')}
      description={t('tools.noTaskDescription')}
      action={
        <Button type="primary" onClick={() => navigate(MY_TASKS_PATH)}>
          {t('tools.openMyTasks')}
        </Button>
      }
      data-testid={testId}
    />
  );
}
