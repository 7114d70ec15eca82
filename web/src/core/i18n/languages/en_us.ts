import antd from 'antd/es/locale/en_US';
import dayjs from 'dayjs';
import 'dayjs/locale/en';
import { collectResources, contractNamespaces, type Json, type LanguagePack } from '../collect';

/** English: its own chunk, loaded when the console starts in English or switches to it. */
const files = import.meta.glob<Json>('../../../locales/en_us/*.json', { eager: true, import: 'default' });

export const pack: LanguagePack = {
  resources: { ...collectResources(files).en_us, ...contractNamespaces('en_us') },
  antd,
  applyDates: () => void dayjs.locale('en'),
};
