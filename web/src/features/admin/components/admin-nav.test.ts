import { describe, expect, it } from 'vitest';
import { capabilitiesOf, STAFF_ROLES } from '@larkspur/contract';
import { adminNav, adminNavFor } from './admin-nav';

describe('adminNavFor (decision 0167)', () => {
  it('lists Staff only for a set that manages staff; every set sees the back office', () => {
    const labels = (role: (typeof STAFF_ROLES)[number]) =>
      adminNavFor(capabilitiesOf(role)).map((item) => item.label);
    expect(labels('operator')).not.toContain('Staff');
    expect(labels('approver')).not.toContain('Staff');
    expect(labels('administrator')).toEqual(adminNav.map((item) => item.label));
    for (const role of STAFF_ROLES) expect(labels(role)).toContain('Audit log');
  });

  it('shows nothing to someone with no capabilities (a customer session that reached the shell)', () => {
    expect(adminNavFor([])).toEqual([]);
  });
});
