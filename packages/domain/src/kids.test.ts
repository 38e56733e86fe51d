import { describe, expect, it } from 'vitest';
import { kidPlanSubject, kidSubjectFromParam } from './kids';

describe('kidSubjectFromParam', () => {
  it('reads a subject from a URL in any case, as slug or name', () => {
    for (const param of ['english', 'English', 'ENGLISH', ' english ']) expect(kidSubjectFromParam(param)?.subject).toBe('English');
    for (const param of ['financial-education', 'Financial Education', 'financial education', 'Financial_Education']) expect(kidSubjectFromParam(param)?.subject).toBe('Financial Education');
  });

  it('knows nothing else', () => {
    for (const param of ['IELTS', 'math', '', null, undefined]) expect(kidSubjectFromParam(param)).toBeUndefined();
  });

  it('sells kids’ English through the kids’ plans, not the adults’', () => {
    expect(kidPlanSubject.English).toBe('Kids English');
    expect(kidPlanSubject['Financial Education']).toBe('Financial Education');
  });
});
