import type { ChatRoom } from '@parley/domain/chat';
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

// A chat room between the demo learner and tutor (the chat feature's tests and the tutor menu's unread count).
export const ROOM_ID = '7b0c7c6e-3f1a-4a53-9a3e-2f0f1d2c3b4a';
export const LEARNER_ID = '1a2b3c4d-0000-4000-8000-000000000001';
export const TEACHER_ID = '1a2b3c4d-0000-4000-8000-000000000002';

export function chatRoom(overrides: Partial<ChatRoom> = {}): ChatRoom {
  return {
    _id: ROOM_ID,
    teacher: { _id: TEACHER_ID, name: 'Ananya Iyer', subjects: ['English', 'IELTS'] },
    teacherImage: `/api/assets/avatar/${TEACHER_ID}.svg`,
    learner: { _id: LEARNER_ID, name: 'Rohan Sharma' },
    recentMessage: { type: 'Text', message: 'See you soon', createdAt: '2026-03-10T09:00:00.000Z' },
    learnerUnread: 2,
    teacherUnread: 0,
    forKids: false,
    ...overrides,
  };
}
