import antd from 'antd/es/locale/zh_CN';
import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import { collectResources, contractNamespaces, type Json, type LanguagePack } from '../collect';

/** Simplified Chinese: its own chunk, loaded when the console starts in Chinese or switches to it. */
const files = import.meta.glob<Json>('../../../locales/zh_cn/*.json', { eager: true, import: 'default' });

export const pack: LanguagePack = {
  resources: { ...collectResources(files).zh_cn, ...contractNamespaces('zh_cn') },
  antd,
  applyDates: () => void dayjs.locale('zh-cn'),
};
