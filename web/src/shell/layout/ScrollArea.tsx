import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { FloatButton } from 'antd';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router-dom';
import { debounce, scheduleRechecks, shouldShowGoToBottom } from './scroll';

function ArrowDown() {
  return (
    <svg viewBox="0 0 16 16" width="1em" height="1em" aria-hidden="true" fill="currentColor">
      <path d="M8 12.5 2.5 7l1.06-1.06L7.25 9.63V1.5h1.5v8.13l3.69-3.69L13.5 7z" />
      <rect x="2" y="13.5" width="12" height="1.5" />
    </svg>
  );
}

/** The main layout's scroll area with its go-to-bottom button. */
export function ScrollArea({ children, className }: { children: ReactNode; className?: string }) {
  const { t } = useTranslation('layout');
  const ref = useRef<HTMLDivElement>(null);
  const [showButton, setShowButton] = useState(false);
  const location = useLocation();

  const check = useCallback(() => setShowButton(shouldShowGoToBottom(ref.current)), []);
  const debouncedCheck = useMemo(() => debounce(check), [check]);

  useEffect(() => () => debouncedCheck.cancel(), [debouncedCheck]);

  useEffect(() => {
    check();
    return scheduleRechecks(check);
  }, [location.pathname, location.search, check]);

  const goToBottom = (): void => {
    const el = ref.current;
    if (el) el.scrollTo({ top: el.scrollHeight, behavior: 'smooth' });
  };

  return (
    <div ref={ref} className={className} onScroll={debouncedCheck} data-testid="scroll-area">
      {children}
      {showButton && (
        <FloatButton
          icon={<ArrowDown />}
          tooltip={t('goToBottom')}
          aria-label={t('goToBottom')}
          onClick={goToBottom}
          style={{ insetInlineEnd: 32, insetBlockEnd: 32 }}
        />
      )}
    </div>
  );
}
