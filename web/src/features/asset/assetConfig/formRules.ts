import type { TFunction } from 'i18next';
import type { FormRule } from 'antd';
import { checkNumber, NUMBER_RULES } from '../validation';

/** antd form rule for one of the numeric fields (limits mirror the service's validation). */
export function numberRule(t: TFunction<'asset'>, kind: keyof typeof NUMBER_RULES, required = false): FormRule {
  const rule = NUMBER_RULES[kind];
  return {
    validator: async (_r, value: number | string | null | undefined) => {
      const problem = checkNumber(value, { ...rule, required });
      if (!problem) return;
      if (problem === 'required') throw new Error(t('validation.required'));
      if (problem === 'decimals') throw new Error(t('validation.decimals', { max: (rule as { maxDecimals?: number }).maxDecimals ?? 0 }));
      if (problem === 'range') throw new Error(t('validation.range', { min: rule.min, max: rule.max }));
      throw new Error(t('validation.number'));
    },
  };
}
