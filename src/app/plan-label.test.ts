import { planLabelKey } from './plan-label';
import { i18n } from '@/lib/i18n';

const label = (plan: Parameters<typeof planLabelKey>[0]) => i18n.t(planLabelKey(plan), { ns: 'common' });

describe('planLabelKey', () => {
  it('names the plan in force', () => {
    expect(label('monthly')).toBe('Monthly Plan');
    expect(label('semiannual')).toBe('Semiannual Plan');
    expect(label('annual')).toBe('Annual Plan');
  });

  it('offers Subscribe without a plan in force', () => {
    expect(label(null)).toBe('Subscribe');
  });
});
