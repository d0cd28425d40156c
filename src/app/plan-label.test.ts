import { planLabelKey } from './plan-label';
import { i18n } from '@/lib/i18n';

const label = (subscription: Parameters<typeof planLabelKey>[0]) => i18n.t(planLabelKey(subscription), { ns: 'common' });

describe('planLabelKey', () => {
  it('names the plan of an active or trialing subscription', () => {
    expect(label({ plan_type: 'monthly', status: 'active' })).toBe('Monthly Plan');
    expect(label({ plan_type: 'semiannual', status: 'active' })).toBe('Semiannual Plan');
    expect(label({ plan_type: 'annual', status: 'trialing' })).toBe('Annual Plan');
  });

  it('offers Subscribe without a subscription, with a lapsed one, or without a plan type', () => {
    expect(label(null)).toBe('Subscribe');
    expect(label({ plan_type: 'monthly', status: 'canceled' })).toBe('Subscribe');
    expect(label({ plan_type: 'annual', status: 'past_due' })).toBe('Subscribe');
    expect(label({ plan_type: null, status: 'active' })).toBe('Subscribe');
  });
});
