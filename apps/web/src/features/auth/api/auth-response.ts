import { z } from 'zod';
import { sessionResponse } from '@parley/domain/auth';
import { userRecordSchema } from '@parley/domain/user';

/** What every sign-in call answers: the user and the session handle for the role's key. */
export const authResponseSchema = z.object({ user: userRecordSchema, session: sessionResponse });
export type AuthResponse = z.infer<typeof authResponseSchema>;
