import type { KidSummary } from '@parley/domain/kids';
import type { UserRecord } from '@parley/domain/user';

export function userRecord(overrides: Partial<UserRecord> = {}): UserRecord {
  return {
    _id: '6f1c2a9e-1b7d-4c3e-9a51-0d2f5b8e7c11',
    role: 'learner',
    name: 'Asha Verma',
    email: 'asha@example.com',
    phoneNumber: null,
    dob: null,
    country: 'IN',
    timezone: 'Asia/Kolkata',
    avatar: null,
    isPhoneNumberVerified: false,
    isDemoPayed: false,
    isIELTSDemoPayed: false,
    isNewCurriculum: false,
    isMigratedToCurriculum: false,
    isPeerActive: false,
    ieltsBandGoal: null,
    ieltsTestDate: null,
    demoSessionBooked: [],
    activeSubscription: null,
    referralCode: 'ASHA10',
    parentId: null,
    ...overrides,
  };
}

export function ieltsSubscription(): NonNullable<UserRecord['activeSubscription']> {
  return {
    _id: 'sub-1',
    subjects: ['IELTS'],
    subscriptionType: 'quick_learner_mode',
    availableSession: 4,
    availableWeeklySession: 0,
    backlogSession: 1,
    expiresAt: '2099-01-01T00:00:00.000Z',
    plan: { _id: 'plan-1', name: 'IELTS Quick', classDuration: '25min' },
  };
}

/** The parent's kid number `n` (1–9), as the kids list answers it. */
export function kidSummary(n: number, name = `Kid ${n}`): KidSummary {
  return { _id: `0b6f4e1c-2d3a-4b5c-8d9e-00000000000${n}`, name, avatar: 'owl', dob: null, isDemoPayed: false, demoSessionBooked: [] };
}
