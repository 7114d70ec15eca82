/** HTTP-level texts of SPEC §8 ({message} is filled by the fallback). */
export const HTTP_TEXTS = {
  REQUEST_TIMEOUT: {
    en_us: 'System interface request timeout, please retry. Error code 408.',
    zh_cn: '系统接口请求超时，请重试。错误代码 408。',
  },
  NETWORK_FAILURE: { en_us: 'Bad request. Please try again later.', zh_cn: '请求失败，请稍后再试。' },
  NO_ACCESS_TITLE: { en_us: 'Tip', zh_cn: '提示' },
  NO_ACCESS_DESCRIPTION: { en_us: 'No access rights', zh_cn: '没有访问权限' },
  ACCESS_DENY: { en_us: 'Access deny', zh_cn: '拒绝访问' },
  FALLBACK: { en_us: 'Bad request({message}). Please try again later.', zh_cn: '请求失败（{message}），请稍后再试。' },
} as const satisfies Record<string, { en_us: string; zh_cn: string }>;
export type HttpTextKey = keyof typeof HTTP_TEXTS;
